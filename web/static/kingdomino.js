/* Kingdomino pages: a kingdom board that can be read from a photo and corrected by tapping. */
(function () {
  "use strict";
  const R = window.Referee;
  const TERRAINS = [
    [".", "empty"],
    ["W", "wheat"],
    ["F", "forest"],
    ["L", "lake"],
    ["G", "grassland"],
    ["S", "swamp"],
    ["M", "mine"],
    ["C", "castle"],
  ];
  const NAME = Object.fromEntries(TERRAINS);
  const LETTER = Object.fromEntries(TERRAINS.map(([letter, name]) => [name, letter]));
  const COLUMNS = "ABCDEFGHI";
  /* A square as the engine and the reader name it in warnings: "(row, col)", from 0. */
  const AT = /\((\d+), (\d+)\)/g;
  const squareName = (row, col) => `${COLUMNS[col]}${row + 1}`;

  function crownIcon() {
    return R.svg(
      "svg",
      { viewBox: "0 0 12 10", class: "crown", "aria-hidden": "true" },
      R.svg("path", { d: "M1 9 L1 3 L3.8 5.6 L6 1 L8.2 5.6 L11 3 L11 9 Z" })
    );
  }

  function castleIcon() {
    return R.svg(
      "svg",
      { viewBox: "0 0 12 12", class: "castle", "aria-hidden": "true" },
      R.svg("path", { d: "M2 11 V4 H3.5 V5.5 H5 V4 H7 V5.5 H8.5 V4 H10 V11 H7 V8.5 A1 1 0 0 0 5 8.5 V11 Z" })
    );
  }

  /* One kingdom: squares [{t: letter, c: crowns}], drawn in `section`, edited by taps. */
  /* `requests`: the page's sequence when the page's own requests (a rescore after a tap,
     a kingdom typed) and this widget's photo must be answered in the order sent. */
  function KingdomWidget(section, onChange, requests) {
    this.section = section;
    this.onChange = onChange;
    this.squares = null;
    this.confidence = null;
    this.unsure = null; // per square: the reader's warnings call it unsure (API `unsure`)
    this.answer = null;
    this.selected = null;
    this.photoWarnings = []; // what the photo reading said, kept while its squares stand
    this.edited = new Set();
    this.board = section.querySelector(".kingdom-board");
    this.editor = section.querySelector(".square-editor");
    this.status = section.querySelector(".status");
    this.overlay = section.querySelector(".overlay");
    this.requests = requests || R.sequence();
    this.lastPhoto = 0; // the ticket of the latest photo sent
    this.onRefused = null; // (widget, "photo"): the compare page marks its verdict stale
    const photo = section.querySelector("input[type=file]");
    R.onPhoto(photo, (file) => this.readPhoto(file));
    section.querySelectorAll(".new-kingdom").forEach((button) =>
      button.addEventListener("click", () => this.startEmpty(Number(button.dataset.size)))
    );
  }

  KingdomWidget.prototype.notation = function () {
    if (!this.squares) return "";
    return this.squares.map((row) => row.map((s) => s.t + (s.c ? String(s.c) : "")).join(" ")).join("/");
  };

  KingdomWidget.prototype.startEmpty = function (size) {
    const middle = Math.floor(size / 2);
    this.squares = [];
    for (let row = 0; row < size; row++) {
      const line = [];
      for (let col = 0; col < size; col++) line.push({ t: row === middle && col === middle ? "C" : ".", c: 0 });
      this.squares.push(line);
    }
    this.confidence = null;
    this.unsure = null;
    this.selected = null;
    this.photoWarnings = [];
    R.showOverlay(this.overlay, null);
    R.status(this.status, "Tap each square to set its terrain and crowns.");
    this.render();
    this.onChange(this);
  };

  KingdomWidget.prototype.setFromAnswer = function (answer) {
    this.squares = answer.squares.map((row) => row.map((s) => ({ t: LETTER[s.terrain] || ".", c: s.crowns })));
    this.confidence = answer.confidence || null;
    this.unsure = answer.unsure || null;
    this.selected = null;
  };

  const KEPT_BOARD = "The kingdom below is still the one read or typed before, not this photo.";

  KingdomWidget.prototype.readPhoto = async function (file) {
    const ticket = this.requests.next();
    this.lastPhoto = ticket;
    R.status(this.status, "Reading the photo…", "busy");
    R.previewPhoto(this.overlay, file);
    const form = new FormData();
    form.append("photo", file);
    for (const bonus of currentBonuses()) form.append("bonus", bonus);
    const { ok, data } = await R.post("/api/kingdomino/score", form);
    if (!this.requests.isLatest(ticket)) return this.photoSetAside(ticket);
    if (!ok) {
      R.showOverlay(this.overlay, null);
      // The board kept is not this photo's (session 12: its total read as the new one's).
      const kept = this.squares ? ` ${KEPT_BOARD}` : "";
      R.status(this.status, `${data.error}${kept}`, "error");
      if (this.onRefused) this.onRefused(this, "photo");
      return;
    }
    this.setFromAnswer(data);
    this.photoWarnings = data.warnings || [];
    this.edited = new Set();
    this.caption(AS_READ);
    R.showOverlay(this.overlay, data.overlay);
    R.status(this.status, "Read from the photo. Tap a square to correct it.", "ok");
    this.render();
    this.onChange(this, data);
  };

  /* Something was asked after the photo was sent (a square set, a kingdom typed, a bonus):
     the photo's answer is not used, and the page says so, as the Domineering page does
     (session 10: on the score page the photo's late answer replaced a kingdom typed after
     it, the text typed included). What the newer request said stays first. */
  KingdomWidget.prototype.photoSetAside = function (ticket) {
    if (ticket !== this.lastPhoto) return; // a newer photo is read
    R.showOverlay(this.overlay, null);
    const aside = "The photo was set aside: the kingdom was changed while it was read. Take it again to read it.";
    if (this.status.classList.contains("error")) R.status(this.status, `${this.status.textContent} ${aside}`, "error");
    else R.status(this.status, aside);
  };

  /* Draw the board; `answer` (the score JSON) gives domain outlines and points. */
  KingdomWidget.prototype.render = function (answer) {
    if (answer !== undefined) this.answer = answer;
    const wrap = this.section.querySelector(".board-wrap");
    if (!this.squares) {
      wrap.hidden = true;
      return;
    }
    wrap.hidden = false;
    const rows = this.squares.length;
    const cols = this.squares[0].length;
    const domainOf = {};
    const badges = {};
    if (this.answer && this.answer.domain_squares && this.answer.kingdom === this.notation()) {
      this.answer.domain_squares.forEach((squares, index) => {
        for (const [row, col] of squares) domainOf[`${row},${col}`] = index;
        const points = this.answer.domains[index].points;
        if (points > 0) {
          const [row, col] = squares[0];
          badges[`${row},${col}`] = points;
        }
      });
    }
    this.board.style.setProperty("--cols", cols);
    this.board.classList.toggle("big", cols > 5 || rows > 5);
    this.board.replaceChildren();
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols; col++) {
        const square = this.squares[row][col];
        const key = `${row},${col}`;
        const name = NAME[square.t] || "empty";
        const classes = ["square", "t-" + name];
        const domain = domainOf[key];
        if (domain !== undefined) {
          if (domainOf[`${row - 1},${col}`] !== domain) classes.push("edge-top");
          if (domainOf[`${row + 1},${col}`] !== domain) classes.push("edge-bottom");
          if (domainOf[`${row},${col - 1}`] !== domain) classes.push("edge-left");
          if (domainOf[`${row},${col + 1}`] !== domain) classes.push("edge-right");
        }
        /* The squares the reader's warnings call unsure (the API's `unsure`, one rule
           with the warnings: session 9), not corrected since. */
        if (this.unsure && this.unsure[row] && this.unsure[row][col]) classes.push("unsure");
        if (this.selected && this.selected[0] === row && this.selected[1] === col) classes.push("selected");
        const label = `${COLUMNS[col]}${row + 1}: ${name}${square.c ? `, ${square.c} crown${square.c > 1 ? "s" : ""}` : ""}`;
        const button = R.el("button", {
          type: "button",
          class: classes.join(" "),
          role: "gridcell",
          "data-row": row,
          "data-col": col,
          "aria-label": label,
          title: label,
          onclick: () => this.select(row, col),
        });
        if (square.t === "C") button.append(castleIcon());
        if (square.c) {
          const crowns = R.el("span", { class: "crowns" });
          for (let i = 0; i < square.c; i++) crowns.append(crownIcon());
          button.append(crowns);
        }
        if (badges[key] !== undefined) button.append(R.el("span", { class: "badge", text: badges[key] }));
        this.board.append(button);
      }
    }
    this.renderEditor();
  };

  KingdomWidget.prototype.select = function (row, col) {
    const same = this.selected && this.selected[0] === row && this.selected[1] === col;
    this.selected = same ? null : [row, col];
    this.render();
    // On a phone the editor sits below the board: bring it into sight.
    if (this.selected) this.editor.scrollIntoView({ block: "nearest" });
  };

  KingdomWidget.prototype.renderEditor = function () {
    const editor = this.editor;
    if (!this.selected) {
      editor.hidden = true;
      editor.replaceChildren();
      return;
    }
    const [row, col] = this.selected;
    const square = this.squares[row][col];
    editor.hidden = false;
    editor.replaceChildren();
    editor.append(
      R.el(
        "div",
        { class: "editor-head" },
        R.el("strong", { text: `Square ${squareName(row, col)}` }),
        R.el("button", { type: "button", class: "button small", text: "Done", onclick: () => this.select(row, col) })
      )
    );
    const terrains = R.el("div", { class: "terrain-choices", role: "group", "aria-label": "terrain" });
    for (const [letter, name] of TERRAINS) {
      terrains.append(
        R.el("button", {
          type: "button",
          class: `choice t-${name}` + (square.t === letter ? " chosen" : ""),
          "data-terrain": name,
          "aria-pressed": square.t === letter ? "true" : "false",
          text: name,
          onclick: () => this.edit(row, col, letter, letter === "C" || letter === "." ? 0 : square.c),
        })
      );
    }
    const crowns = R.el("div", { class: "crown-choices", role: "group", "aria-label": "crowns" });
    crowns.append(R.el("span", { text: "Crowns:" }));
    for (let count = 0; count <= 3; count++) {
      const disabled = square.t === "C" || square.t === ".";
      crowns.append(
        R.el("button", {
          type: "button",
          class: "choice crown-count" + (square.c === count ? " chosen" : ""),
          "data-crowns": count,
          "aria-pressed": square.c === count ? "true" : "false",
          disabled: disabled && count > 0,
          text: String(count),
          onclick: () => this.edit(row, col, square.t, count),
        })
      );
    }
    editor.append(terrains, crowns);
  };

  /* The notation box left empty: said in a player's words, not the API's field names. */
  const EMPTY_KINGDOM = "Type the kingdom first (rows from the top separated by /), like: C F1 F/W W2 W";

  /* The overlay prints the total as read: after a correction, say the board differs. */
  const AS_READ = "The photo as read";
  const AS_CORRECTED = "The photo as first read: your corrections are on the board below, not on the photo";
  KingdomWidget.prototype.caption = function (text) {
    const caption = this.overlay && this.overlay.querySelector("figcaption");
    if (caption) caption.textContent = text;
  };

  KingdomWidget.prototype.edit = function (row, col, letter, crowns) {
    this.squares[row][col] = { t: letter, c: crowns };
    if (this.confidence && this.confidence[row]) this.confidence[row][col] = 1;
    if (this.unsure && this.unsure[row]) this.unsure[row][col] = false;
    this.edited.add(`${row},${col}`);
    this.caption(AS_CORRECTED);
    this.render();
    this.onChange(this);
  };

  /* The photo's warnings about squares not corrected since (a rescore from the
     notation knows nothing of the photo). */
  KingdomWidget.prototype.photoNotes = function () {
    return this.photoWarnings.filter((warning) => {
      const squares = [...warning.matchAll(AT)];
      return squares.length > 0 && squares.every((m) => !this.edited.has(`${m[1]},${m[2]}`));
    });
  };

  /* Open the editor on a square and bring the board into sight. */
  KingdomWidget.prototype.show = function (row, col) {
    if (!this.selected || this.selected[0] !== row || this.selected[1] !== col) this.select(row, col);
    this.board.scrollIntoView({ block: "start" });
  };

  function currentBonuses() {
    return Array.from(document.querySelectorAll("input[name=bonus]:checked")).map((box) => box.value);
  }

  function domainLine(domain) {
    const squares = `${domain.squares} square${domain.squares === 1 ? "" : "s"}`;
    const crowns = `${domain.crowns} crown${domain.crowns === 1 ? "" : "s"}`;
    return R.el(
      "li",
      { class: domain.points ? "" : "no-points" },
      R.el("span", { class: `swatch t-${domain.terrain}` }),
      R.el("span", { class: "domain-name", text: domain.terrain }),
      R.el("span", { class: "domain-sum", text: `${squares} × ${crowns} = ` }),
      R.el("strong", { text: String(domain.points) })
    );
  }

  function fillDomains(list, answer) {
    list.replaceChildren();
    const sorted = answer.domains.slice().sort((a, b) => b.points - a.points);
    for (const domain of sorted) list.append(domainLine(domain));
    if (!sorted.length) list.append(R.el("li", { class: "no-points", text: "No domain yet." }));
  }

  /* Warnings with squares named as on the editor (B2, not "(1, 1)"), each with a
     button that opens the first square it names. */
  function fillWarnings(list, warnings, widget) {
    list.replaceChildren();
    for (const warning of warnings || []) {
      const squares = [...warning.matchAll(AT)].map((m) => [Number(m[1]), Number(m[2])]);
      const text = warning.replace(AT, (_, row, col) => squareName(Number(row), Number(col)));
      const item = R.el("li", {}, text);
      if (squares.length && widget) {
        const [row, col] = squares[0];
        item.append(
          " ",
          R.el("button", {
            type: "button",
            class: "button small show-square",
            "data-row": row,
            "data-col": col,
            text: `Show ${squareName(row, col)}`,
            onclick: () => widget.show(row, col),
          })
        );
      }
      list.append(item);
    }
  }

  /* The single-kingdom page. */
  /* `given`: a kingdom's notation from the page's address (a saved result's "Kingdomino
     page" link, session 13), scored in place of the kingdom kept for the tab; or null.
     `givenBonus` (the bonuses asked, ["middle", "harmony"]) and `givenSize` (the frame,
     "7", when the notation alone would not say it) come with it (session 14). */
  Referee.kingdominoScorePage = function (given, givenBonus, givenSize) {
    // A notation refused is said under its box and as "The kingdom typed is refused: ...",
    // so the API's "field 'kingdom': " is left out (session 11: the API names it now).
    R.errorWords = [
      [/(^|; )field 'kingdom': /g, "$1"],
      R.fieldWord("bonus", "Bonuses"),
      R.fieldWord("size", "The frame"),
    ];
    // The frame sent with each score: a saved kingdom's, while it is the kingdom here
    // (its squares tapped); null (the API infers it from the grid, as ever) once a new
    // board or photo starts, or another kingdom is typed and scores (session 15: a kingdom
    // typed after a saved 7x7 one was scored in the 7x7 frame, unlike on a fresh page).
    let frame = null;
    const framed = (body) => (frame === null ? body : { ...body, size: frame });
    // A notation's squares, row by row, as the engine reads them (docs/kingdomino.md):
    // case, spaces, blank lines, compact rows ("CF1FF") and "F0" for "F" alike.
    const squaresOf = (text) =>
      text
        .toUpperCase()
        .split(/[\n/]/)
        .map((row) => (row.replace(/\s+/g, "").match(/[A-Z.][0-9]*/g) || []).map((sq) => sq.replace(/^(.)0$/, "$1")))
        .filter((row) => row.length);
    // The kingdom the frame came with (the saved one), as its squares.
    let framedKingdom = null;
    // Typed in the box, another kingdom than the saved one is scored in the frame of its
    // own grid: more than half of the saved kingdom's squares changed or gone (compared
    // square by square, from the top left). A correction (a crown or a terrain or two
    // retyped, squares added), the same kingdom typed another way, or one changed a step
    // at a time by taps and typing keeps the saved kingdom's frame (review and second
    // check, session 15).
    const another = (text) => {
      if (frame === null || framedKingdom === null) return false;
      const typed = squaresOf(text);
      let squares = 0;
      let changed = 0;
      framedKingdom.forEach((row, r) =>
        row.forEach((square, c) => {
          squares += 1;
          if (!typed[r] || typed[r][c] !== square) changed += 1;
        })
      );
      return 2 * changed > squares;
    };
    document.querySelectorAll("section.kingdom .new-kingdom, section.kingdom input[type=file]").forEach((node) =>
      node.addEventListener(node.matches("input") ? "change" : "click", () => {
        frame = null;
        framedKingdom = null;
      })
    );
    const section = document.querySelector("section.kingdom");
    const answerBox = document.getElementById("answer");
    const notation = document.getElementById("notation");
    const requests = R.sequence();
    const draft = R.draft("kingdomino.score");
    let lastAnswer = null;
    const save = R.saveButton(answerBox, () =>
      // No title: the server gives one from the answer (web/results.py title_of, session 12).
      lastAnswer ? { game: "kingdomino", notation: lastAnswer.kingdom, answer: lastAnswer } : null
    );

    // The phone's total bar (fixed at the foot) shows the total while the total card is
    // out of sight, below the board or above a long list of domains scrolled through
    // (session 14); with the card on screen it would only cover a row of the answer.
    const totalBar = document.getElementById("total-bar");
    R.answerBar(totalBar, answerBox.querySelector(".total-card"));

    function show(answer) {
      lastAnswer = answer;
      draft.save({ kingdom: answer.kingdom, bonus: currentBonuses(), size: frame, framed: framedKingdom });
      answerBox.hidden = false;
      document.getElementById("total").textContent = answer.total;
      document.getElementById("total-bar-value").textContent = answer.total;
      totalBar.hidden = false;
      const bonus = answer.bonuses.middle_kingdom + answer.bonuses.harmony;
      document.getElementById("total-detail").textContent = bonus
        ? `${answer.score} from domains + ${bonus} bonus`
        : `from ${answer.domains.filter((d) => d.points).length} scoring domains`;
      fillDomains(document.getElementById("domains"), answer);
      const notes = widget.photoNotes().filter((note) => !answer.warnings.includes(note));
      fillWarnings(document.getElementById("warnings"), [...notes, ...answer.warnings], widget);
      notation.value = answer.kingdom.split("/").join("\n");
      if (widget.notation() !== answer.kingdom) widget.setFromAnswer(answer);
      R.status(widget.status, widget.status.classList.contains("error") ? "" : widget.status.textContent);
      save.show(true);
      widget.render(answer);
    }

    const notationStatus = document.getElementById("notation-status");

    /* Score `text`; from the notation box, an error is said there too (the status at
       the top is out of sight) and the text typed stays as it is, as does the photo:
       only a notation that scores replaces the photo's reading (`fromNotation`). */
    /* `fresh`: another kingdom typed, scored without the saved kingdom's frame, which is
       dropped once it scores (a refused one leaves the saved kingdom and its frame).
       `sayFrame`: a kingdom typed and scored in the saved kingdom's frame says so. */
    async function rescore(text, fromNotation, fresh = false, sayFrame = false) {
      const ticket = requests.next();
      // Cleared as the request leaves (as on the Domineering page): a late answer to an
      // earlier request must not wipe what the box said since ("Type the kingdom first").
      R.status(notationStatus, "");
      const body = { kingdom: text, bonus: currentBonuses() };
      const { ok, data } = await R.post("/api/kingdomino/score", fresh ? body : framed(body));
      if (!requests.isLatest(ticket)) return;
      if (!ok) {
        if (fromNotation) {
          // Said as on the Domineering page: the board and score in sight are not the
          // kingdom typed, which stays in its box to be fixed (session 10: only the error).
          const kept = lastAnswer ? `. The board and score shown are the last good kingdom (${lastAnswer.total}).` : "";
          R.status(widget.status, `The kingdom typed is refused: ${data.error}${kept}`, "error");
          R.status(notationStatus, data.error, "error");
          // The text refused is kept for a reload, to be fixed (session 12: it was lost).
          draft.save({ ...(draft.load() || { bonus: currentBonuses() }), typed: text });
        } else {
          R.status(widget.status, data.error, "error");
        }
        return;
      }
      if (fromNotation) {
        R.showOverlay(widget.overlay, null);
        widget.photoWarnings = [];
        // "Read from the photo." (or the empty board's "Tap each square ...") was said of
        // the board this kingdom replaced (session 10: it stayed above the kingdom typed).
        R.status(widget.status, "");
      }
      if (fresh && frame !== null) {
        // Said when the frame changes, the saved kingdom's status being gone with it.
        if (String(data.size) !== frame) {
          R.status(
            widget.status,
            `Scored in the ${data.size}×${data.size} frame of its own grid: the saved kingdom's ${frame}×${frame} frame went with it.`
          );
        }
        frame = null;
        framedKingdom = null;
      } else if (sayFrame && frame !== null) {
        // A typed correction keeps the saved kingdom's frame: said, so the 7x7 scoring is
        // seen (second check, session 15: nothing said it).
        R.status(
          widget.status,
          `Scored in the saved kingdom's ${frame}×${frame} frame${frame === "7" ? " (Mighty Duel)" : ""}: Empty 5×5 starts a new kingdom.`
        );
      }
      show(data);
    }

    /* The photo and the rescores share one sequence, so only the latest sent is shown:
       a rescore sent before the photo no longer comes back over it (session 10: the tapped
       board and its 0 beside the photo and its warnings), and a photo answering after a
       later rescore is set aside, said so (it replaced a kingdom typed after it). */
    const widget = new KingdomWidget(
      section,
      (w, answer) => {
        if (answer) {
          // The box now holds the photo's kingdom: an error said of the text typed there
          // before is no longer about it.
          R.status(notationStatus, "");
          show(answer);
        } else rescore(w.notation());
      },
      requests
    );
    document.querySelectorAll("input[name=bonus]").forEach((box) =>
      box.addEventListener("change", () => widget.squares && rescore(widget.notation()))
    );
    document.getElementById("use-notation").addEventListener("click", () => {
      if (!R.filled(notation, EMPTY_KINGDOM, notationStatus, widget.status)) return;
      const fresh = another(notation.value);
      rescore(notation.value, true, fresh, !fresh);
    });
    R.status(widget.status, "");
    if (R.given(given)) {
      // As on the Domineering page: typed in the notation box, scored as typed (a refused
      // one stays there with its error, the box opened). Its bonus boxes ticked and its
      // frame kept, as saved (session 14). A word that is no bonus, or a frame that is not
      // 5 or 7 (a link edited by hand), is named as such and left out, the kingdom scored
      // without it (session 15: it was said as the kingdom refused, and no kingdom shown).
      // "middle_kingdom" is the API's other name for "middle".
      const asked = (Array.isArray(givenBonus) ? givenBonus.map(String) : []).map((word) =>
        word === "middle_kingdom" ? "middle" : word
      );
      document.querySelectorAll("input[name=bonus]").forEach((box) => {
        box.checked = asked.includes(box.value);
      });
      const boxes = [...document.querySelectorAll("input[name=bonus]")].map((box) => box.value);
      const odd = [...new Set(asked.filter((word) => !boxes.includes(word)))];
      // A frame that is not 5 or 7 is named as the frame and left out, as an odd bonus is
      // (session 15 check: "?size=6" was said as the kingdom refused, no kingdom shown).
      const sized = typeof givenSize === "string" && givenSize ? givenSize : null;
      const oddFrame = sized !== null && sized !== "5" && sized !== "7";
      const oddSaid = [
        ...odd.map((word) => `bonus '${word}' is not one of: ${boxes.join(", ")}`),
        ...(oddFrame ? [`size '${sized}' is not a frame: 5 or 7`] : []),
      ].join("; ");
      frame = oddFrame ? null : sized;
      framedKingdom = frame === null ? null : squaresOf(given);
      notation.value = given.split("/").join("\n");
      rescore(given, true).then(() => {
        if (!lastAnswer) {
          notation.closest("details").open = true;
          if (oddSaid) R.status(widget.status, R.sentences(widget.status.textContent, `In the address, ${oddSaid}.`), "error");
        } else if (!widget.status.textContent) {
          const inFrame = frame ? `, in the ${frame}×${frame} frame${frame === "7" ? " (Mighty Duel)" : ""}` : "";
          const left = oddSaid ? `In the address, ${oddSaid} (left out). ` : "";
          R.status(
            widget.status,
            `${left}The saved kingdom is filled in${inFrame}: tap to change it, or Empty 5×5 to start a new one.`,
            oddSaid ? "error" : undefined
          );
        }
      });
      return;
    }
    // The kingdom answered last in this tab, back after a reload or Back (not its photo).
    // Then a kingdom typed and refused, back in its box with its error (session 12).
    const kept = draft.load();
    const typed = kept && typeof kept.typed === "string" && kept.typed.trim() ? kept.typed : null;
    const retype = () => {
      if (typed === null) return;
      notation.value = typed;
      const details = notation.closest("details");
      if (details) details.open = true;
      rescore(typed, true, another(typed));
    };
    if (kept && typeof kept.kingdom === "string" && kept.kingdom) {
      frame = kept.size === "7" || kept.size === "5" || kept.size === 7 || kept.size === 5 ? String(kept.size) : null;
      framedKingdom = frame === null ? null : Array.isArray(kept.framed) ? kept.framed : squaresOf(kept.kingdom);
      document.querySelectorAll("input[name=bonus]").forEach((box) => {
        box.checked = Array.isArray(kept.bonus) && kept.bonus.includes(box.value);
      });
      R.status(widget.status, "The kingdom you had here last is back (its photo is not kept). Empty 5×5 or a photo starts a new one.");
      rescore(kept.kingdom).then(retype);
    } else retype();
  };

  /* Two kingdoms compared. */
  /* `givenKingdoms`, `givenBonus`: a saved comparison's two kingdoms and bonus boxes from
     the address (web/results.py _page_link, session 14), or nulls. */
  Referee.kingdominoComparePage = function (givenKingdoms, givenBonus) {
    R.errorWords = [
      R.fieldWord("kingdom1", "Kingdom 1"),
      R.fieldWord("kingdom2", "Kingdom 2"),
      R.fieldWord("bonus", "Bonuses"),
      // A kingdom's "Use" asks the score route, whose refusal is said under that
      // kingdom's own box: the field is left out (session 11: the API names it now).
      [/(^|; )field 'kingdom': /g, "$1"],
    ];
    const answerBox = document.getElementById("answer");
    const note = document.getElementById("compare-note");
    const requests = R.sequence();
    let lastAnswer = null;
    const widgets = [];
    const save = R.saveButton(answerBox, () =>
      lastAnswer
        ? {
            game: "kingdomino",
            notation: lastAnswer.kingdoms.map((k) => k.kingdom).join("\n\n"),
            answer: lastAnswer, // titled by the server (web/results.py title_of)
          }
        : null
    );

    /* `board`: this kingdom's board is what changed (a tap, a photo, its Use), so its box
       shows it; another kingdom's box keeps text typed in it since it was last written
       (session 13: kingdom 1's answer replaced kingdom 2's text being typed or refused). */
    function showOne(widget, answer, board) {
      widget.section.querySelector(".kingdom-total").textContent = answer ? `· ${answer.total} point${answer.total === 1 ? "" : "s"}` : "";
      const list = widget.section.querySelector(".domains");
      if (answer) fillDomains(list, answer);
      else list.replaceChildren();
      /* As on the single-kingdom page: what the photo reader was unsure of (squares
         not corrected since), then what the engine flags (tile-set limits). */
      const warnings = answer ? answer.warnings : [];
      const notes = widget.photoNotes().filter((note) => !warnings.includes(note));
      fillWarnings(widget.section.querySelector(".warnings"), [...notes, ...warnings], widget);
      const box = widget.section.querySelector(".notation-text");
      const text = widget.notation().split("/").join("\n");
      if (board || !box.value.trim() || box.value === widget.written) box.value = text;
      widget.written = text;
      widget.render(answer || null);
    }

    /* `changed`: the kingdom just edited; once it scores, an error said under it (a photo
       refused, an empty box) is no longer about its board (session 10: it stayed). */
    const settled = (changed) => {
      if (changed && changed.status.classList.contains("error")) R.status(changed.status, "");
    };

    /* A kingdom's notation or photo refused: the verdict in sight is of the kingdoms
       before it, so it is dimmed, said so beside it (at 360 px the kingdom's own status
       is far below) and cannot be saved until both kingdoms read again, as on the
       Two-Step round page (session 13: "Kingdom 1 wins" stayed and was saved). */
    const refusals = new Map(); // widget -> "notation" or "photo", until it reads again
    function refused(widget, what) {
      refusals.set(widget, what);
      markRefused();
    }
    function markRefused() {
      const widget = widgets.find((w) => refusals.has(w));
      if (!lastAnswer || !widget) return;
      const what = refusals.get(widget);
      const name = `Kingdom ${widgets.indexOf(widget) + 1}`;
      const fix = what === "photo" ? "take the photo again or type the kingdom" : "fix it and press Use";
      const refusal = what === "photo" ? `${name}'s photo could not be read` : `${name}'s notation is refused`;
      note.textContent = `${refusal}: this verdict is of the kingdoms before it and cannot be saved. Under ${name}, ${fix}.`;
      note.hidden = false;
      answerBox.classList.add("stale");
      save.show(false);
    }

    const draft = R.draft("kingdomino.compare");
    async function update(changed) {
      // What the player made, kept for a reload or Back (as on the single-kingdom page).
      draft.save({ kingdoms: widgets.map((w) => w.notation()), bonus: currentBonuses() });
      const ready = widgets.filter((w) => w.squares);
      const ticket = requests.next();
      if (ready.length < 2) {
        for (const widget of ready) {
          const { ok, data } = await R.post("/api/kingdomino/score", { kingdom: widget.notation(), bonus: currentBonuses() });
          if (!requests.isLatest(ticket)) return;
          if (ok) {
            if (widget === changed) settled(changed);
            showOne(widget, data, widget === changed);
          } else R.status(widget.status, data.error, "error");
        }
        return;
      }
      const body = { kingdom1: widgets[0].notation(), kingdom2: widgets[1].notation(), bonus: currentBonuses() };
      const { ok, data } = await R.post("/api/kingdomino/compare", body);
      if (!requests.isLatest(ticket)) return;
      if (!ok) {
        // Under the kingdom the error names ("field 'kingdom2': ...", "kingdom 2's photo: ...").
        const second = /^(field 'kingdom2'|kingdom 2's)/.test(data.apiError || "");
        R.status(widgets[second ? 1 : 0].status, data.error, "error");
        refused(widgets[second ? 1 : 0], "notation");
        return;
      }
      lastAnswer = data;
      settled(changed);
      note.hidden = true;
      answerBox.classList.remove("stale");
      answerBox.hidden = false;
      document.getElementById("verdict").textContent =
        data.winner === null ? "Shared win" : `Kingdom ${data.winner} wins`;
      // The winner's numbers first ("Kingdom 2 wins", "19 to 18"; session 13: "18 to 19"),
      // the tie-break's too, as the CLI says them (session 13: "more crowns decide" only).
      const order = data.winner === 2 ? [1, 0] : [0, 1];
      const [mine, theirs] = order.map((index) => data.scores[index]);
      const [won, lost] = order.map((index) => data.kingdoms[index]);
      const squares = (n) => `${n} square${n === 1 ? "" : "s"}`;
      const reasons = {
        score: "on points",
        largest_domain: `tied on points: the largest domain decides (${squares(won.largest_domain)} to ${lost.largest_domain})`,
        crowns: `tied on points and largest domain: more crowns decide (${won.crowns} to ${lost.crowns})`,
        shared: `tied on points, largest domain (${squares(won.largest_domain)}) and crowns (${won.crowns}): a shared win`,
      };
      document.getElementById("verdict-detail").textContent = `${mine} to ${theirs}, ${reasons[data.decided_by]}`;
      data.kingdoms.forEach((answer, index) => showOne(widgets[index], answer, widgets[index] === changed));
      save.show(true);
      markRefused(); // another kingdom read since; the one refused still is
    }

    document.querySelectorAll("section.kingdom").forEach((section) => {
      /* A kingdom typed is used only if its board has not changed since it was sent (a
         photo read, a tap): session 10, a kingdom typed, then a photo, and the typed one
         answering last replaced the photo's kingdom and took its picture away. */
      const typed = R.sequence();
      // The widget's photo shares that sequence: a square tapped (or a kingdom typed)
      // while its photo is read sets the photo aside, said so, as on the single page
      // (session 10: the photo answering last replaced the squares tapped meanwhile).
      const widget = new KingdomWidget(
        section,
        (changed) => {
          typed.next();
          refusals.delete(changed); // its board is new: read or made again
          update(changed);
        },
        typed
      );
      widget.onRefused = refused;
      widgets.push(widget);
      section.querySelector(".use-notation").addEventListener("click", async () => {
        const box = section.querySelector(".notation-text");
        if (!R.filled(box, EMPTY_KINGDOM, widget.status)) return;
        const text = box.value;
        const ticket = typed.next();
        const { ok, data } = await R.post("/api/kingdomino/score", { kingdom: text });
        if (!typed.isLatest(ticket)) return;
        if (!ok) {
          R.status(widget.status, data.error, "error");
          refused(widget, "notation");
          return;
        }
        widget.setFromAnswer(data);
        R.showOverlay(widget.overlay, null);
        R.status(widget.status, "");
        refusals.delete(widget);
        update(widget);
      });
    });
    // update() with no kingdom changed: given the change event, it threw on reading the
    // event's status, so a bonus ticked left the verdict as it was (session 11).
    document.querySelectorAll("input[name=bonus]").forEach((box) => box.addEventListener("change", () => update()));

    // A saved comparison's kingdoms from the address (the address then drops them, so a
    // reload brings back the tab's draft), else the kingdoms made in this tab before a
    // reload or Back (their photos are not kept). A saved kingdom refused (a link edited
    // by hand) is said under its box, with its text there to fix.
    const linked = Array.isArray(givenKingdoms) && givenKingdoms.some((text) => R.given(text));
    const kept = linked ? { kingdoms: givenKingdoms, bonus: givenBonus } : draft.load();
    const texts = kept && Array.isArray(kept.kingdoms) ? kept.kingdoms : [];
    if (texts.some((text) => typeof text === "string" && text)) {
      document.querySelectorAll("input[name=bonus]").forEach((box) => {
        box.checked = Array.isArray(kept.bonus) && kept.bonus.includes(box.value);
      });
      // A bonus in the address that is none is said, in the API's words, as the score
      // page says it (session 15: ?bonus=zzz left the boxes unticked without a word).
      const known = new Set([...document.querySelectorAll("input[name=bonus]")].map((box) => box.value));
      const odd = linked && Array.isArray(givenBonus) ? givenBonus.map(String).filter((word) => !known.has(word) && word !== "middle_kingdom") : [];
      if (odd.length) {
        // Only the bonus is asked about: the kingdoms sent are a lone castle each.
        const said = document.getElementById("compare-status");
        R.post("/api/kingdomino/compare", { kingdom1: "C", kingdom2: "C", bonus: odd }).then(({ ok, data }) => {
          if (!ok) R.status(said, `The bonus in the address is refused (${data.error}): the kingdoms are compared without it.`, "error");
        });
        // A box ticked is the player's answer to it.
        document.querySelectorAll("input[name=bonus]").forEach((box) => box.addEventListener("change", () => R.status(said, "")));
      }
      const back = linked
        ? "The saved kingdom is filled in: tap a square to change it."
        : "The kingdom you had here last is back (its photo is not kept).";
      (async () => {
        for (const [index, text] of texts.entries()) {
          if (typeof text !== "string" || !text || !widgets[index]) continue;
          const { ok, data } = await R.post("/api/kingdomino/score", { kingdom: text });
          if (widgets[index].squares) continue; // a board made meanwhile stands
          if (!ok) {
            if (linked) {
              widgets[index].section.querySelector(".notation-text").value = text;
              widgets[index].section.querySelector("details.notation").open = true;
              R.status(widgets[index].status, `The kingdom typed is refused: ${data.error}`, "error");
            }
            continue;
          }
          widgets[index].setFromAnswer(data);
          R.status(widgets[index].status, back);
        }
        update();
      })();
    }
  };
  /* "May I place this domino here?": the kingdom so far typed, the domino's two squares
     picked; every legal place from /api/kingdomino/placements, drawn on the kingdom grown
     to hold them all (squares beyond the grid as typed dashed) and listed with the squares
     named as on the board, or "fits nowhere: discarded" (session 12). */
  Referee.kingdominoPlacePage = function () {
    R.errorWords = [R.fieldWord("kingdom", "The kingdom"), R.fieldWord("domino", "The domino"), R.fieldWord("size", "The frame")];
    const EXAMPLE = "C F1 F F";
    const box = document.getElementById("place-kingdom");
    const halves = [0, 1].map((half) => ({
      terrain: document.getElementById(`place-terrain-${half}`),
      crowns: document.getElementById(`place-crowns-${half}`),
    }));
    const sizes = [...document.querySelectorAll("input[name=size]")];
    const status = document.getElementById("place-status");
    const answerBox = document.getElementById("answer");
    const board = document.getElementById("place-board");
    const list = document.getElementById("place-list");
    const note = document.getElementById("place-note");
    const requests = R.sequence();
    const draft = R.draft("kingdomino.place");
    let shown = null; // the answer drawn, with the grid shape it was drawn for

    const halfText = (half) => half.terrain.value + (Number(half.crowns.value) ? half.crowns.value : "");
    const domino = () => halves.map(halfText).join(" ");
    const frame = () => Number((sizes.find((box) => box.checked) || { value: 5 }).value);
    const keep = () =>
      draft.save({ kingdom: box.value, halves: halves.map((h) => [h.terrain.value, Number(h.crowns.value)]), size: frame() });

    /* A square counted from the grid as typed: its board name inside it ("on A2"), else
       said from the nearest square of the grid ("above A1", "2 rows below and left of A3"). */
    function where(row, col, rows, cols) {
      if (row >= 0 && row < rows && col >= 0 && col < cols) return `on ${squareName(row, col)}`;
      const parts = [];
      if (row < 0) parts.push(row === -1 ? "above" : `${-row} rows above`);
      if (row >= rows) parts.push(row === rows ? "below" : `${row - rows + 1} rows below`);
      if (col < 0) parts.push(col === -1 ? "left of" : `${-col} columns left of`);
      if (col >= cols) parts.push(col === cols ? "right of" : `${col - cols + 1} columns right of`);
      const near = squareName(Math.min(Math.max(row, 0), rows - 1), Math.min(Math.max(col, 0), cols - 1));
      return `${parts.join(" and ")} ${near}`;
    }

    /* "F1 on A2, L on B2": each half of the domino answered, where it lies. */
    function placeText(placement, data) {
      const names = data.domino.split(" ");
      const [rows, cols] = data.grid_shape;
      return placement.squares.map(([row, col], index) => `${names[index]} ${where(row, col, rows, cols)}`).join(", ");
    }

    /* The grown grid's squares [[letter, crowns]] from its notation ("C F1 F/. . ."). */
    const grownSquares = (text) =>
      text.split("/").map((row) => row.split(" ").map((token) => [token[0], Number(token.slice(1) || 0)]));

    function draw(previewed) {
      const { data } = shown;
      const [originRow, originCol] = data.grown.origin;
      const [rows, cols] = data.grid_shape;
      const squares = grownSquares(data.grown.grid);
      const covered = new Set(data.placements.flatMap((p) => p.squares.map(([r, c]) => `${r},${c}`)));
      const preview = {};
      if (previewed !== undefined) {
        const placement = data.placements[previewed];
        placement.squares.forEach(([r, c], index) => {
          preview[`${r},${c}`] = data.domino.split(" ")[index];
        });
      }
      board.style.setProperty("--cols", squares[0].length);
      board.classList.toggle("big", squares[0].length > 5 || squares.length > 5);
      board.replaceChildren();
      squares.forEach((line, grownRow) =>
        line.forEach(([letter, crowns], grownCol) => {
          const row = grownRow - originRow;
          const col = grownCol - originCol;
          const key = `${row},${col}`;
          const half = preview[key];
          const shownLetter = half ? half[0] : letter;
          const shownCrowns = half ? Number(half.slice(1) || 0) : crowns;
          const inside = row >= 0 && row < rows && col >= 0 && col < cols;
          const classes = ["square", `t-${NAME[shownLetter] || "empty"}`];
          if (!inside) classes.push("beyond");
          if (covered.has(key)) classes.push("can-place");
          if (half) classes.push("selected");
          const place = where(row, col, rows, cols).replace(/^on /, "");
          const what = half ? `the domino's ${NAME[shownLetter]}` : NAME[letter] || "empty";
          const label = `${place}: ${what}${covered.has(key) && !half ? ", the domino may cover it" : ""}`;
          const cell = R.el("div", { class: classes.join(" "), role: "gridcell", "aria-label": label, title: label });
          if (shownLetter === "C") cell.append(castleIcon());
          if (shownCrowns) {
            const icons = R.el("span", { class: "crowns" });
            for (let i = 0; i < shownCrowns; i++) icons.append(crownIcon());
            cell.append(icons);
          }
          board.append(cell);
        })
      );
      list.querySelectorAll("button").forEach((button, index) => button.classList.toggle("chosen", index === previewed));
    }

    function show(data) {
      shown = { data };
      answerBox.hidden = false;
      const size = frame();
      const verdict = document.getElementById("place-verdict");
      const detail = document.getElementById("place-detail");
      list.replaceChildren();
      if (data.discarded) {
        verdict.textContent = "Fits nowhere: discarded";
        detail.textContent = `${data.domino} has no place in the ${size}×${size} frame that touches the castle or its terrain: it is put aside and scores nothing.`;
      } else {
        verdict.textContent = `${data.count} place${data.count === 1 ? "" : "s"}`;
        detail.textContent = data.beyond_grid
          ? `for ${data.domino}; ${data.beyond_grid} of them beyond the kingdom as typed (dashed)`
          : `for ${data.domino}, all on the kingdom as typed`;
        data.placements.forEach((placement, index) => {
          const text = placeText(placement, data);
          list.append(
            R.el("li", {}, R.el("button", { type: "button", class: "place-button", text, onclick: () => draw(index) }))
          );
        });
      }
      draw();
    }

    async function ask() {
      keep();
      if (!R.filled(box, "Type the kingdom so far first (rows from the top separated by /), like: C F1 F F", status)) return;
      const ticket = requests.next();
      R.status(status, "Looking for places…", "busy");
      const body = { kingdom: box.value, domino: domino(), size: frame() };
      const { ok, data } = await R.post("/api/kingdomino/placements", body);
      if (!requests.isLatest(ticket)) return;
      if (!ok) {
        // The places of the last good kingdom stay in sight, said to be that and dimmed,
        // as the score page and Domineering keep their last good answer (session 15:
        // they were hidden, so a typo lost them).
        const kept = answerBox.hidden ? "" : `. The places shown below are still the last good answer (${shownCount()}).`;
        R.status(status, `${data.error}${kept}`, "error");
        if (!answerBox.hidden) {
          note.textContent = `These places are for the last kingdom and domino asked about (${shownCount()}), not the ones above.`;
          note.hidden = false;
          answerBox.classList.add("stale");
        }
        return;
      }
      // A domino square with more crowns than the tile set shows is said (session 15).
      const warnings = Array.isArray(data.warnings) ? data.warnings : [];
      R.status(status, warnings.length ? `Check the domino: ${warnings.join("; ")}.` : "");
      note.textContent = "";
      note.hidden = true;
      answerBox.classList.remove("stale");
      show(data);
    }

    /* The answer in sight in a few words: "8 places for W W", "W W discarded". */
    function shownCount() {
      const { data } = shown;
      if (data.discarded) return `${data.domino} discarded`;
      return `${data.count} place${data.count === 1 ? "" : "s"} for ${data.domino}`;
    }

    document.getElementById("place-go").addEventListener("click", ask);
    // Once an answer is shown, a square or the frame changed asks again; so it does after
    // a refusal, which it may mend ("choose 7x7 (Mighty Duel)", session 13).
    const asked = () => !answerBox.hidden || status.classList.contains("error");
    for (const node of [...halves.flatMap((h) => [h.terrain, h.crowns]), ...sizes]) {
      node.addEventListener("change", () => (asked() ? ask() : keep()));
    }
    // The places in sight are of the kingdom as it was: said so while it is being changed
    // (as the Cross plays page marks its answer the last table's).
    box.addEventListener("input", () => {
      keep();
      if (!answerBox.hidden) R.status(status, "The places shown are for the kingdom before this change: press “Where may it go?” to ask again.");
    });
    document.getElementById("place-example").addEventListener("click", () => {
      box.value = EXAMPLE;
      ask();
    });
    // The kingdom scored last in this tab, offered (session 12: not copied over by hand).
    const scored = R.draft("kingdomino.score").load();
    const fromScore = document.getElementById("place-from-score");
    if (scored && typeof scored.kingdom === "string" && scored.kingdom) {
      fromScore.hidden = false;
      fromScore.addEventListener("click", () => {
        box.value = scored.kingdom.split("/").join("\n");
        ask();
      });
    }

    // What was typed and picked here before a reload or Back, asked again.
    const kept = draft.load();
    if (kept && typeof kept === "object") {
      if (typeof kept.kingdom === "string") box.value = kept.kingdom;
      if (Array.isArray(kept.halves)) {
        kept.halves.slice(0, 2).forEach((half, index) => {
          if (!Array.isArray(half)) return;
          if ([...halves[index].terrain.options].some((o) => o.value === half[0])) halves[index].terrain.value = half[0];
          if ([0, 1, 2, 3].includes(half[1])) halves[index].crowns.value = String(half[1]);
        });
      }
      for (const radio of sizes) radio.checked = Number(radio.value) === (kept.size === 7 ? 7 : 5);
      if (box.value.trim()) ask();
    }
  };
})();
