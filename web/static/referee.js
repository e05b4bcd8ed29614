/* Referee: helpers shared by every game page (plain JS, no library, works offline). */
(function () {
  "use strict";
  const Referee = (window.Referee = window.Referee || {});
  const SVG = "http://www.w3.org/2000/svg";

  /* Build an element: el("p", {class: "x", text: "hi"}, child, ...). */
  Referee.el = function (tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "text") node.textContent = value;
      else if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  };

  Referee.svg = function (tag, attrs, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null) continue;
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value);
    }
    for (const child of children.flat()) if (child) node.append(child);
    return node;
  };

  /* The API names its fields in errors ("field 'kingdom2': ...") for API callers; a page
     says them in its own words instead. Each page sets Referee.errorWords: a list of
     [pattern, replacement] (String.replace), built with Referee.fieldWord for a field. */
  Referee.errorWords = [];

  /* A rule that says field `name` as `words`: "field 'kingdom2': x" -> "Kingdom 2: x"
     (also after "; ", where the API joins several fields' errors). */
  Referee.fieldWord = (name, words) => [new RegExp(`(^|; )field '${name}': `, "g"), `$1${words}: `];

  /* `message` in the page's words (Referee.errorWords, or the `rules` given). */
  Referee.plainError = function (message, rules) {
    let text = String(message || "");
    for (const [pattern, replacement] of rules || Referee.errorWords) text = text.replace(pattern, replacement);
    return text;
  };

  /* POST a FormData or a plain object (sent as JSON); never throws.
     Answers {ok, status, data} where data is the JSON answer or {error}; on an error,
     data.error is said in the page's words (Referee.plainError) and data.apiError is
     the API's own message. */
  Referee.post = async function (url, body) {
    const options = { method: "POST", headers: { Accept: "application/json" } };
    if (body instanceof FormData) {
      options.body = body;
    } else {
      options.body = JSON.stringify(body);
      options.headers["Content-Type"] = "application/json";
    }
    let response;
    try {
      response = await fetch(url, options);
    } catch (error) {
      return { ok: false, status: 0, data: { error: "Referee cannot be reached: check the connection" } };
    }
    let data;
    try {
      data = await response.json();
    } catch (error) {
      data = { error: `unexpected answer from Referee (HTTP ${response.status})` };
    }
    if (!response.ok && data && typeof data.error === "string") {
      data.apiError = data.error;
      data.error = Referee.plainError(data.error);
    }
    return { ok: response.ok, status: response.status, data };
  };

  /* Only the latest of overlapping requests is shown: latest() gives a ticket,
     isLatest(ticket) says whether it is still the newest. */
  Referee.sequence = function () {
    let counter = 0;
    return { next: () => ++counter, isLatest: (ticket) => ticket === counter };
  };

  /* `lines` (optional): things said one by one, such as a photo's warnings, shown as a
     list under `text` (session 11: joined by spaces they ran together, "...check this
     tile tile 1 (5-4): ..."). */
  Referee.status = function (node, text, kind, lines = []) {
    if (!node) return;
    node.textContent = text || "";
    if (lines.length) {
      node.append(Referee.el("ul", { class: "status-lines" }, ...lines.map((line) => Referee.el("li", { text: line }))));
    }
    node.className = "status" + (kind ? " " + kind : "");
  };
  /* What a status says: its text and its list of lines, to say again later. */
  Referee.statusSaid = function (node) {
    const lines = [...node.querySelectorAll(".status-lines li")].map((item) => item.textContent);
    const text = [...node.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE).map((child) => child.textContent).join("");
    return { text, lines };
  };

  /* A box submitted empty says what to type in every status given (beside the box and
     at the top of the page), in place of what they said before, such as an earlier
     error (session 10: the error stayed on top). Answers whether the box holds text. */
  Referee.filled = function (box, message, ...statuses) {
    if (box.value.trim()) return true;
    for (const node of statuses) Referee.status(node, message, "error");
    return false;
  };

  /* Call handler(file) when a photo is picked; the input is reset so the same
     photo can be picked again. */
  Referee.onPhoto = function (input, handler) {
    if (!input) return;
    input.addEventListener("change", () => {
      const file = input.files && input.files[0];
      if (file) handler(file);
      input.value = "";
    });
  };

  Referee.showOverlay = function (figure, dataUrl) {
    if (!figure) return;
    const img = figure.querySelector("img");
    figure.classList.remove("reading");
    if (img.src && img.src.startsWith("blob:")) URL.revokeObjectURL(img.src);
    if (dataUrl) {
      img.src = dataUrl;
      figure.hidden = false;
    } else {
      img.removeAttribute("src");
      figure.hidden = true;
    }
  };

  /* Show the photo just picked, dimmed, while Referee reads it. */
  Referee.previewPhoto = function (figure, file) {
    if (!figure || !window.URL || !URL.createObjectURL) return;
    Referee.showOverlay(figure, URL.createObjectURL(file));
    figure.classList.add("reading");
  };

  /* Pip positions on a half, in a 0..1 square, for 0 to 9 pips. */
  const PIPS = {
    0: [],
    1: [[0.5, 0.5]],
    2: [[0.25, 0.25], [0.75, 0.75]],
    3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
    4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
    5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
    6: [[0.25, 0.22], [0.75, 0.22], [0.25, 0.5], [0.75, 0.5], [0.25, 0.78], [0.75, 0.78]],
  };

  /* A domino tile a-b as an SVG picture, halves side by side (or stacked if vertical). */
  Referee.tileSvg = function (a, b, options) {
    const vertical = options && options.vertical;
    const w = vertical ? 20 : 40;
    const h = vertical ? 40 : 20;
    const node = Referee.svg("svg", {
      viewBox: `0 0 ${w} ${h}`,
      class: "tile-svg",
      role: "img",
      "aria-label": `${a}-${b}`,
    });
    node.append(Referee.svg("rect", { x: 0.75, y: 0.75, width: w - 1.5, height: h - 1.5, rx: 3, class: "tile-face" }));
    node.append(
      vertical
        ? Referee.svg("line", { x1: 3, y1: 20, x2: 17, y2: 20, class: "tile-bar" })
        : Referee.svg("line", { x1: 20, y1: 3, x2: 20, y2: 17, class: "tile-bar" })
    );
    [a, b].forEach((pips, half) => {
      const ox = vertical ? 0 : half * 20;
      const oy = vertical ? half * 20 : 0;
      for (const [px, py] of PIPS[pips] || []) {
        node.append(Referee.svg("circle", { cx: ox + 2 + px * 16, cy: oy + 2 + py * 16, r: 1.9, class: "tile-pip" }));
      }
    });
    return node;
  };

  Referee.parseTile = function (text) {
    const match = /^\s*\[?\s*(\d+)\s*[-|]\s*(\d+)\s*\]?\s*$/.exec(text || "");
    if (!match) return null;
    const a = Number(match[1]);
    const b = Number(match[2]);
    return a <= b ? [a, b] : [b, a];
  };

  Referee.tileText = (tile) => `${tile[0]}-${tile[1]}`;

  /* Messages said one after another in a status line, each ended as a sentence ("the photo
     is a GIF: send a JPEG or PNG photo. The hand below is ..."); blank ones left out
     (session 15: they ran together). */
  Referee.sentences = (...parts) =>
    parts
      .map((part) => (part || "").trim())
      .filter(Boolean)
      .map((part, i, all) => (i < all.length - 1 && !/[.!?:…)]$/.test(part) ? `${part}.` : part))
      .join(" ");

  /* Every tile of a double-six set, [low, high], sorted. */
  Referee.doubleSix = function () {
    const tiles = [];
    for (let a = 0; a <= 6; a++) for (let b = a; b <= 6; b++) tiles.push([a, b]);
    return tiles;
  };

  /* The double-six tile picker: calls onPick(tile); isTaken(tile) dims tiles in use and
     says where each is: a holder ("your hand": "3-6 is in your hand") or a phrase of its
     own beginning "in " or "on " ("on the table"), also told to screen readers. */
  Referee.tilePicker = function (container, onPick, isTaken) {
    const buttons = [];
    container.replaceChildren();
    for (const tile of Referee.doubleSix()) {
      const button = Referee.el("button", {
        type: "button",
        class: "tile-button",
        "data-tile": Referee.tileText(tile),
        "aria-label": `tile ${Referee.tileText(tile)}`,
        style: `--row: ${tile[0] + 1}; --col: ${tile[1] + 1}`,
        onclick: () => onPick(tile),
      });
      button.append(Referee.tileSvg(tile[0], tile[1]));
      buttons.push([tile, button]);
      container.append(button);
    }
    const refresh = () => {
      for (const [tile, button] of buttons) {
        const taken = isTaken(tile);
        const where = taken && (/^(in|on) /.test(taken) ? taken : `in ${taken}`);
        button.classList.toggle("taken", Boolean(taken));
        button.title = taken ? `${Referee.tileText(tile)} is ${where}` : "";
        button.setAttribute("aria-label", `tile ${Referee.tileText(tile)}${taken ? `, ${where}` : ""}`);
      }
    };
    refresh();
    return { refresh };
  };

  /* A phone's answer bar (`.total-bar`, fixed at the foot; hidden from 48rem by CSS):
     shown while `card` (the answer's `.total-card`) is out of sight, hidden with it on
     screen, where the bar would only cover a row of the answer (session 14: the
     Kingdomino total bar and the Cross round's bar). */
  Referee.answerBar = function (bar, card) {
    if (!("IntersectionObserver" in window)) return;
    new IntersectionObserver((entries) =>
      bar.classList.toggle("answer-in-sight", entries[entries.length - 1].isIntersecting)
    ).observe(card);
  };

  /* What a page was opened with from its address (a saved result's page link, session 13:
     web/results.py _page_link; the server reads it, web/inputs.py given): `value`, or null.
     The address loses it, so a reload brings back the tab's draft (what was changed
     since), not the saved one again. The page checks the value as if typed. */
  Referee.given = function (value) {
    if (typeof value !== "string" || !value) return null;
    window.history.replaceState(null, "", window.location.pathname);
    return value;
  };

  /* The board a page last answered, kept for this tab (sessionStorage) under `key`, so a
     reload (a phone's pull-to-refresh) or Back does not lose what was tapped or typed
     (session 11: the kingdom and the sheet were gone). load() gives the value kept or
     null; nothing is kept where the browser refuses storage. */
  Referee.draft = function (key) {
    const name = `referee.${key}`; // as the Cross match is kept: "referee.cross.match"
    return {
      load() {
        try {
          return JSON.parse(sessionStorage.getItem(name) || "null");
        } catch (error) {
          return null;
        }
      },
      save(value) {
        try {
          sessionStorage.setItem(name, JSON.stringify(value));
        } catch (error) {
          /* private browsing or full: the page works as before, without the draft */
        }
      },
    };
  };

  /* A "Save this result" button inside `root`: payload() gives {game, notation, answer}. */
  Referee.saveButton = function (root, payload) {
    const button = root.querySelector(".save-button");
    const status = root.querySelector(".save-status");
    if (!button) return { show: () => {} };
    // The result last saved from this button: the same result saved again is not posted
    // again (session 11: a second tap made a second row); its link is shown once more.
    let saved = null;
    button.addEventListener("click", async () => {
      const body = payload();
      if (!body) return;
      const key = JSON.stringify(body);
      status.replaceChildren();
      if (saved && saved.key === key) {
        status.append("Already saved: ", Referee.el("a", { href: saved.url, text: `result ${saved.id}` }));
        return;
      }
      button.disabled = true;
      const { ok, data } = await Referee.post("/api/results", body);
      button.disabled = false;
      status.replaceChildren();
      if (ok) {
        saved = { key, url: data.url, id: data.id };
        // The answer may have changed while the save was on its way: "Saved" is said only
        // beside the answer saved (session 11 review: it stood under a newer one).
        const current = button.hidden ? null : payload();
        const said = current && JSON.stringify(current) === key ? "Saved: " : "The answer before this one was saved: ";
        status.append(said, Referee.el("a", { href: data.url, text: `result ${data.id}` }));
      } else {
        status.textContent = data.error;
      }
    });
    return {
      // "Saved: result N" stays only while the answer shown is the one saved.
      show: (visible) => {
        button.hidden = !visible;
        const body = visible && saved ? payload() : null;
        if (!body || JSON.stringify(body) !== saved.key) status.replaceChildren();
      },
    };
  };
})();
