/* Domineering page: a sheet read from a photo or tapped in, analysed by /api/domineering. */
(function () {
  "use strict";
  const R = window.Referee;
  const LETTERS = "ABCDEFGH";
  const CELL = 40;
  const MARGIN = 22;

  const cellName = (row, col) => `${LETTERS[col]}${row + 1}`;

  function parseMove(text) {
    const match = /^([A-H])(\d)-([A-H])(\d)$/.exec(text);
    if (!match) return null;
    return [
      [Number(match[2]) - 1, LETTERS.indexOf(match[1])],
      [Number(match[4]) - 1, LETTERS.indexOf(match[3])],
    ];
  }

  /* `given`: a position's notation from the page's address (a saved result's "Domineering
     page" link, session 13), analysed in place of the sheet kept for the tab; or null.
     `givenFirst`: who started ("H", "V"), when the link carries it (web/results.py
     _reopened_sheet: a position without its side to move), or null. `givenDispute`: the
     saved dispute, {move: "B1-C1", player: "H"}, filled in and checked again, or null. */
  Referee.domineeringPage = function (given, givenFirst, givenDispute) {
    R.errorWords = [
      // A position refused is said under its box and as "The position typed is refused:
      // ...", so the API's "field 'position': " is left out (session 11: named now).
      [/(^|; )field 'position': /g, "$1"],
      R.fieldWord("first", "Started"),
      // A position only the other starter makes possible (session 15): the page's control.
      [/give 'first': '([HV])'/g, 'set "Started" to $1'],
      R.fieldWord("move", "The pair"),
      R.fieldWord("player", "The player"),
    ];
    const sheet = document.getElementById("sheet");
    const status = document.getElementById("status");
    const answerBox = document.getElementById("answer");
    const overlay = document.querySelector(".overlay");
    const rowsSelect = document.getElementById("rows");
    const colsSelect = document.getElementById("cols");
    const firstSelect = document.getElementById("first");
    const notation = document.getElementById("notation");
    const requests = R.sequence();
    const draft = R.draft("domineering.sheet");
    let cells = [];
    let confidence = null;
    let picked = null;
    let answer = null;
    let showSide = "H";

    // The perfect-play answer and the dispute's verdict asked of this position are saved
    // with it (session 12: they were not); the server titles it (web/results.py title_of).
    let perfectAnswer = null; // {perfect_play, winning_moves} of `answer`'s position
    let disputeAnswer = null; // {player, move, legal, reason} of `answer`'s position
    const save = R.saveButton(answerBox, () =>
      answer
        ? {
            game: "domineering",
            notation: answer.position,
            answer: { ...answer, ...(perfectAnswer || {}), ...(disputeAnswer ? { dispute: disputeAnswer } : {}) },
          }
        : null
    );

    function empty(rows, cols) {
      cells = Array.from({ length: rows }, () => Array(cols).fill("."));
      confidence = null;
      picked = null;
    }

    function position() {
      return cells.map((row) => row.join("")).join("/");
    }

    /* The partner of a claimed cell: runs split into pairs from their start. */
    function partner(row, col) {
      const side = cells[row][col];
      if (side === "H") {
        let before = 0;
        while (col - before - 1 >= 0 && cells[row][col - before - 1] === "H") before++;
        return before % 2 === 0 ? [row, col + 1] : [row, col - 1];
      }
      let before = 0;
      while (row - before - 1 >= 0 && cells[row - before - 1][col] === "V") before++;
      return before % 2 === 0 ? [row + 1, col] : [row - 1, col];
    }

    function pairs() {
      const found = [];
      const seen = new Set();
      cells.forEach((line, row) =>
        line.forEach((symbol, col) => {
          if ((symbol !== "H" && symbol !== "V") || seen.has(`${row},${col}`)) return;
          const [prow, pcol] = partner(row, col);
          if (cells[prow] && cells[prow][pcol] === symbol) {
            seen.add(`${row},${col}`).add(`${prow},${pcol}`);
            found.push([symbol, [row, col], [prow, pcol]]);
          } else {
            found.push([symbol, [row, col], null]); // an odd run: shown alone
          }
        })
      );
      return found;
    }

    function render() {
      const rows = cells.length;
      const cols = cells[0].length;
      const width = MARGIN + cols * CELL + 4;
      const height = MARGIN + rows * CELL + 4;
      sheet.setAttribute("viewBox", `0 0 ${width} ${height}`);
      sheet.replaceChildren();
      const x = (col) => MARGIN + col * CELL;
      const y = (row) => MARGIN + row * CELL;
      for (let col = 0; col < cols; col++) {
        sheet.append(R.svg("text", { x: x(col) + CELL / 2, y: MARGIN / 2, class: "label" }, document.createTextNode(LETTERS[col])));
      }
      for (let row = 0; row < rows; row++) {
        sheet.append(R.svg("text", { x: MARGIN / 2, y: y(row) + CELL / 2, class: "label" }, document.createTextNode(String(row + 1))));
      }
      cells.forEach((line, row) =>
        line.forEach((symbol, col) => {
          const isPicked = picked && picked[0] === row && picked[1] === col;
          const rect = R.svg("rect", {
            x: x(col),
            y: y(row),
            width: CELL,
            height: CELL,
            class: "cell" + (symbol === "#" ? " blocked-cell" : "") + (isPicked ? " picked" : ""),
            "data-cell": cellName(row, col),
            role: "gridcell",
            "aria-label": `${cellName(row, col)} ${symbol === "." ? "empty" : symbol}`,
            onclick: () => tap(row, col),
          });
          sheet.append(rect);
        })
      );
      for (const [side, a, b] of pairs()) {
        const rowA = b ? Math.min(a[0], b[0]) : a[0];
        const colA = b ? Math.min(a[1], b[1]) : a[1];
        const wide = b && side === "H" ? 2 : 1;
        const tall = b && side === "V" ? 2 : 1;
        const name = b ? `${cellName(...a)}-${cellName(...b)}` : cellName(...a);
        sheet.append(
          R.svg("rect", {
            x: x(colA) + 5,
            y: y(rowA) + 5,
            width: wide * CELL - 10,
            height: tall * CELL - 10,
            rx: 6,
            class: `pair pair-${side}`,
            "data-pair": name,
            onclick: () => tap(a[0], a[1]),
          })
        );
      }
      if (confidence) {
        cells.forEach((line, row) =>
          line.forEach((_, col) => {
            if (confidence[row] && confidence[row][col] < 0.6) {
              sheet.append(R.svg("rect", { x: x(col) + 2, y: y(row) + 2, width: CELL - 4, height: CELL - 4, class: "unsure-cell" }));
            }
          })
        );
      }
      if (answer && answer.cells && answer.cells.join("/") === position()) {
        for (const move of answer.legal_moves[showSide]) {
          const found = parseMove(move);
          if (!found) continue;
          const [[r1, c1], [r2, c2]] = found;
          const cx = x((c1 + c2) / 2) + CELL / 2;
          const cy = y((r1 + r2) / 2) + CELL / 2;
          const horizontal = showSide === "H";
          sheet.append(
            R.svg("rect", {
              x: cx - (horizontal ? 12 : 4),
              y: cy - (horizontal ? 4 : 12),
              width: horizontal ? 24 : 8,
              height: horizontal ? 8 : 24,
              rx: 4,
              class: `ghost ghost-${showSide}`,
              "data-move": move,
            })
          );
        }
      }
    }

    function tap(row, col) {
      const symbol = cells[row][col];
      if (symbol === "#") return;
      if (symbol === "H" || symbol === "V") {
        const [prow, pcol] = partner(row, col);
        cells[row][col] = ".";
        if (cells[prow] && cells[prow][pcol] === symbol) cells[prow][pcol] = ".";
        picked = null;
        changed();
        return;
      }
      if (!picked) {
        picked = [row, col];
      } else if (picked[0] === row && picked[1] === col) {
        picked = null;
        // Nothing is picked now: "... is picked now" (a pair refused just before) goes too.
        if (status.textContent.startsWith("No pair: ")) R.status(status, "");
      } else {
        const [prow, pcol] = picked;
        const adjacent = Math.abs(prow - row) + Math.abs(pcol - col) === 1;
        if (adjacent && cells[prow][pcol] === ".") {
          const side = prow === row ? "H" : "V";
          const turn = turnBefore();
          cells[row][col] = side;
          cells[prow][pcol] = side;
          picked = null;
          changed(turn && { side, ...turn });
          return;
        }
        // Said, not done silently (session 14: a player tapping A1 then C5 saw nothing
        // happen): the second cell is picked in the first's place.
        const first = cellName(prow, pcol);
        const second = cellName(row, col);
        const why = adjacent
          ? `${first} is taken`
          : `${first} and ${second} are not next to each other (a pair is two cells side by side for H, one above the other for V)`;
        R.status(status, `No pair: ${why}. ${second} is picked now: tap a cell next to it.`, "error");
        picked = [row, col];
      }
      render();
    }

    /* `tapped`: a pair just tapped in, {side, toMove, even} (the sheet before it: who was
       to move, H and V as many pairs), so a pair of the side not to move is refused in a
       player's words, not the engine's pair counts (session 13). */
    function changed(tapped) {
      render();
      analyze({ position: position(), first: firstSelect.value }, false, tapped);
    }

    /* Who is to move on the sheet as it stands, if its analysis is in sight: {toMove, even}. */
    function turnBefore() {
      if (!answer || answer.cells.join("/") !== position() || answer.first !== firstSelect.value) return null;
      const claimed = (side) => answer.cells.join("").split(side).length - 1;
      return { toMove: answer.to_move, even: claimed("H") === claimed("V") };
    }

    const CLAIMS = { H: "two squares side by side", V: "two squares one above the other" };
    /* A pair of the side not to move: whose turn it is, and what to do ("Started" when the
       other side starting makes the sheet possible, that is H and V had as many pairs). */
    function wrongTurn(tapped) {
      const { side, toMove, even } = tapped;
      const next = even ? `If ${side} started, set Started to ${side}.` : `Tap the ${side} pair again to take it back.`;
      return `It is ${toMove}'s turn: ${toMove} claims ${CLAIMS[toMove]}. ${next}`;
    }

    /* `typedMeanwhile`: text typed in the notation box while this answer was asked for
       (the answer to a tap or "Started" change): it is kept, not replaced by the
       answer's position (session 14: a slow answer wiped a position being typed). */
    function show(data, typedMeanwhile = false) {
      answer = data;
      perfectAnswer = null;
      disputeAnswer = null;
      draft.save({ position: data.cells.join("/"), first: data.first });
      cells = data.cells.map((row) => row.split(""));
      rowsSelect.value = String(cells.length);
      colsSelect.value = String(cells[0].length);
      firstSelect.value = data.first;
      answerBox.hidden = false;
      showSide = data.to_move;
      const toMove = document.getElementById("to-move");
      // A blocked side to move has lost: the headline says who won (session 14: it said
      // "V to move" over a finished game), the line under it why.
      const headline = data.blocked ? data.winner : data.to_move;
      toMove.textContent = data.blocked ? `${data.winner} wins` : `${data.to_move} to move`;
      toMove.className = `total side-${headline}`;
      const count = data.legal_moves[data.to_move].length;
      document.getElementById("to-move-detail").textContent = data.blocked
        ? `${data.to_move} has no legal pair: blocked, ${data.winner} wins`
        : `${data.to_move} has ${count} legal pair${count === 1 ? "" : "s"}`;
      document.getElementById("dispute-player").value = data.to_move;
      if (!typedMeanwhile) notation.value = data.position;
      answerNote.hidden = true;
      answerBox.classList.remove("stale");
      document.getElementById("verdict").hidden = true;
      R.status(perfect, ""); // said of the position before, if asked
      showMoves();
      save.show(true);
    }

    function showMoves() {
      document.querySelectorAll("#show-side button").forEach((button) => {
        button.setAttribute("aria-pressed", button.dataset.side === showSide ? "true" : "false");
      });
      const moves = answer.legal_moves[showSide];
      document.getElementById("moves-title").textContent = moves.length
        ? `${showSide} may claim ${moves.length} pair${moves.length === 1 ? "" : "s"}:`
        : `${showSide} has no legal pair.`;
      const list = document.getElementById("moves");
      list.replaceChildren(...moves.map((move) => R.el("li", { text: move })));
      render();
    }

    const notationStatus = document.getElementById("notation-status");
    const perfect = document.getElementById("perfect");
    const answerNote = document.getElementById("answer-note");
    const TYPED_REFUSED = "The position typed is refused: "; // the top status's start then

    /* A position refused: the analysis of the last good one stays in sight, said to be
       that (session 10: it was hidden, so a typo lost the legal pairs and who is to move).
       A typed position refused leaves the board as it was, so the analysis is still the
       board's; a sheet changed since (a tap, a photo, "Started") is not its position: the
       analysis is dimmed and cannot be saved as the sheet's. */
    function keepLastAnswer() {
      if (!answer) {
        answerBox.hidden = true;
        return;
      }
      const board = answer.cells.join("/") === position() && answer.first === firstSelect.value;
      answerNote.textContent = board
        ? `The board and this analysis are the last good position: ${answer.position}.`
        : `This analysis is of the last good position, ${answer.position}, not of the sheet shown.`;
      answerNote.hidden = false;
      answerBox.classList.toggle("stale", !board);
      answerBox.hidden = false;
      save.show(board);
    }

    /* "Who wins with perfect play?": the same position asked again with `solve`; only
       the answer in words changes (the sheet, the pairs shown and the dispute stay). */
    async function solve() {
      if (!answer) return;
      const asked = answer.position;
      R.status(perfect, "Searching…", "busy");
      const { ok, data } = await R.post("/api/domineering/analyze", {
        position: position(),
        first: firstSelect.value,
        solve: true,
      });
      if (!answer || answer.position !== asked) return; // the position changed meanwhile
      if (ok && data.perfect_play) perfectAnswer = { perfect_play: data.perfect_play, winning_moves: data.winning_moves };
      save.show(!answerBox.classList.contains("stale"));
      if (!ok) {
        R.status(perfect, data.error, "error");
      } else if (!data.perfect_play) {
        R.status(perfect, `Not solved: ${data.solve_note}.`, "error");
      } else if (data.perfect_play === data.to_move) {
        const moves = data.winning_moves;
        R.status(
          perfect,
          `With perfect play ${data.perfect_play} wins: ${data.to_move} to move; winning pair${moves.length === 1 ? "" : "s"} ${moves.join(", ")}.`,
          "ok"
        );
      } else {
        R.status(
          perfect,
          `With perfect play ${data.perfect_play} wins: ${data.to_move} to move has no winning pair.`,
          "ok"
        );
      }
    }

    /* Analyse a position; `fromNotation`: typed in the notation box, whose text stays
       and which says the error too (the status at the top may be out of sight). */
    /* A typed position is the sheet of the game "Started" names (session 14: it was sent
       without it, so a game V started was analysed as H's and "Started" put back to H);
       a position only the other starter makes possible is answered for that one, and
       analyze() says "Started" changed, as a photo's reading does. */
    function typedBody(text) {
      return { position: text, first: firstSelect.value, either_first: true };
    }

    async function analyze(body, fromNotation, tapped) {
      const ticket = requests.next();
      const typedBefore = notation.value;
      // Cleared as the request leaves, not when it answers: an answer to an earlier
      // request (the board analysed on load) must not wipe what the box said since.
      R.status(notationStatus, "");
      const { ok, status: code, data } = await R.post("/api/domineering/analyze", body);
      if (!requests.isLatest(ticket)) return;
      if (!ok) {
        if (fromNotation) {
          R.status(notationStatus, data.error, "error");
          // The text refused is kept for a reload, to be fixed (session 12: the last good
          // position came back in its place).
          draft.save({ ...(draft.load() || { position: position(), first: firstSelect.value }), typed: notation.value });
        }
        if (data.cells) {
          cells = data.cells.map((row) => (Array.isArray(row) ? row : row.split("")));
          confidence = data.confidence || null;
          R.showOverlay(overlay, data.overlay);
        }
        const said = fromNotation
          ? `${TYPED_REFUSED}${data.error}`
          : tapped && tapped.side !== tapped.toMove && code === 422
            ? wrongTurn(tapped)
            : data.error;
        R.status(status, said, "error");
        keepLastAnswer();
        render();
        return;
      }
      if (fromNotation) {
        // Only a position that is analysed replaces the photo's reading.
        confidence = null;
        R.showOverlay(overlay, null);
      }
      R.status(status, "");
      show(data, !fromNotation && notation.value !== typedBefore);
      if (fromNotation && body.first && data.first !== body.first) {
        const claimed = (side) => (data.cells.join("").split(side).length - 1) / 2; // pairs: two cells each
        const why =
          claimed(data.first) > claimed(body.first)
            ? `${data.first} has one pair more than ${body.first}`
            : `it says ${data.to_move} is to move with as many H pairs as V pairs`;
        R.status(status, `"Started" is now ${data.first}: this position is possible only if ${data.first} started (${why}).`, "ok");
      }
    }

    /* The sheet changed (a tap, "Started", a typed position) while the photo was read:
       the photo is not used, and the page says so; its dimmed "Reading…" picture stayed
       (session 10). */
    let lastPhoto = 0; // the ticket of the latest photo sent
    function photoSetAside(ticket) {
      if (ticket !== lastPhoto || !overlay.classList.contains("reading")) return; // a newer photo is read
      R.showOverlay(overlay, null);
      const typed = status.textContent.startsWith(TYPED_REFUSED);
      const why = typed ? "a position was typed" : "the sheet was changed";
      const aside = `The photo was set aside: ${why} while it was read. Take it again to read it.`;
      // What the newer request said stays first: a position typed and refused meanwhile
      // is still the news (session 10: this line replaced "The position typed is refused").
      if (status.classList.contains("error")) R.status(status, `${status.textContent} ${aside}`, "error");
      else R.status(status, aside);
    }

    /* A photo's sheet shown: the box now holds its position, so an error said of the
       text typed there before (a refused position) is no longer about it (session 10:
       it stayed under the photo's position). */
    function showPhoto(data) {
      R.status(notationStatus, "");
      show(data);
    }

    R.onPhoto(document.getElementById("photo"), async (file) => {
      const ticket = requests.next();
      lastPhoto = ticket;
      R.status(status, "Reading the sheet…", "busy");
      R.previewPhoto(overlay, file);
      const form = new FormData();
      form.append("photo", file);
      form.append("first", firstSelect.value);
      // A sheet impossible with that starter but possible with the other (V has one pair
      // more) is answered for the other from the same reading: one read per photo
      // (session 11: the photo was sent again, the first answer a 422).
      form.append("either_first", "true");
      const { ok, data } = await R.post("/api/domineering/analyze", form);
      if (!requests.isLatest(ticket)) return photoSetAside(ticket);
      if (!ok && !data.cells) {
        R.showOverlay(overlay, null);
        // The sheet kept is not this photo's (session 12: its answer read as the new one's).
        // An empty sheet (a fresh page, Clear) is no sheet "from before": nothing was read
        // and the board is as it was (session 13).
        const blank = cells.every((line) => line.every((symbol) => symbol === "."));
        const kept = blank
          ? "Nothing was read from this photo: the board below is unchanged."
          : "The sheet below is still the one from before, not this photo.";
        R.status(status, `${data.error} ${kept}`, "error");
        return;
      }
      confidence = data.confidence || null;
      R.showOverlay(overlay, data.overlay);
      if (ok && data.first !== firstSelect.value) {
        // Only the other side starting reaches this sheet: "Started" follows it.
        firstSelect.value = data.first;
        R.status(
          status,
          `Read from the photo. ${data.first} has one pair more than the other side, so ${data.first} started ` +
            `(change "Started" if not). Tap a pair to remove it, or two cells to add one.`,
          "ok"
        );
        showPhoto(data);
      } else if (ok) {
        const warnings = data.warnings && data.warnings.length ? ` Check: ${data.warnings.join("; ")}.` : "";
        // As many H pairs as V pairs: possible whoever started, and the side to move
        // depends on it (session 11: the project's own sheet-5, a game V started, read as
        // "H to move" with not a word; V was blocked and had lost).
        const claimed = (side) => data.cells.join("").split(side).length - 1;
        const even = claimed("H") > 0 && claimed("H") === claimed("V");
        const other = data.first === "H" ? "V" : "H";
        const starter = even
          ? ` H and V have as many pairs, so ${data.to_move} is to move because ${data.first} started; if ${other} started this game, set "Started" to ${other}.`
          : "";
        R.status(status, `Read from the photo. Tap a pair to remove it, or two cells to add one.${starter}${warnings}`, "ok");
        showPhoto(data);
      } else {
        cells = data.cells.map((row) => (Array.isArray(row) ? row : row.split("")));
        R.status(status, data.error + " Tap the cells to correct the reading.", "error");
        keepLastAnswer();
        render();
      }
    });

    const reset = () => {
      empty(Number(rowsSelect.value), Number(colsSelect.value));
      R.showOverlay(overlay, null);
      changed();
    };
    /* The board's size changed: every pair (and blocked cell) that still fits is kept, and
       the pairs that no longer fit are named (session 15: the sheet was emptied, pairs that
       fit the new size included, with not a word). */
    const resize = () => {
      const rows = Number(rowsSelect.value);
      const cols = Number(colsSelect.value);
      const before = pairs();
      const blocked = [];
      cells.forEach((line, row) => line.forEach((symbol, col) => symbol === "#" && blocked.push([row, col])));
      empty(rows, cols);
      const fits = ([row, col]) => row < rows && col < cols;
      const dropped = [];
      for (const [side, a, b] of before) {
        const claimed = b ? [a, b] : [a];
        if (claimed.every(fits)) claimed.forEach(([row, col]) => (cells[row][col] = side));
        else dropped.push(claimed.map((cell) => cellName(...cell)).join("-"));
      }
      blocked.filter(fits).forEach(([row, col]) => (cells[row][col] = "#"));
      R.showOverlay(overlay, null);
      render();
      const asked = position();
      const analysed = analyze({ position: asked, first: firstSelect.value });
      if (!dropped.length) return;
      const gone = `${dropped.length === 1 ? "Pair" : "Pairs"} ${dropped.join(", ")} ${dropped.length === 1 ? "is" : "are"} off the ${rows} × ${cols} board: dropped.`;
      analysed.then(() => {
        if (position() !== asked) return; // tapped meanwhile: that is the news now
        if (status.textContent) R.status(status, R.sentences(status.textContent, gone), status.classList.contains("error") ? "error" : "");
        else R.status(status, gone);
      });
    };
    rowsSelect.addEventListener("change", resize);
    colsSelect.addEventListener("change", resize);
    document.getElementById("clear").addEventListener("click", reset);
    firstSelect.addEventListener("change", changed);
    document.querySelectorAll("#show-side button").forEach((button) =>
      button.addEventListener("click", () => {
        showSide = button.dataset.side;
        if (answer) showMoves();
      })
    );
    document.getElementById("use-notation").addEventListener("click", () => {
      const told = "Type the position first (rows from row 1 joined by /), like: ...../.HH../..... V";
      if (!R.filled(notation, told, notationStatus, status)) return;
      // Sent as typed: the engine reads "hh" as "HH" and spaces around "/" itself
      // (session 11), so an error's column and quote are those of the text typed
      // (session 13: it quoted the text upper-cased, 'HH../X...' for hh../x...).
      analyze(typedBody(notation.value.trim()), true);
    });
    document.getElementById("solve").addEventListener("click", solve);
    const checks = R.sequence();
    // The pair claimed and its player, kept for the tab (session 12: a reload emptied them).
    const disputeDraft = R.draft("domineering.dispute");
    const disputeMove = document.getElementById("dispute-move");
    const disputePlayer = document.getElementById("dispute-player");
    const keepDispute = () => disputeDraft.save({ move: disputeMove.value, player: disputePlayer.value });
    disputeMove.addEventListener("input", keepDispute);
    disputePlayer.addEventListener("change", keepDispute);
    document.getElementById("dispute").addEventListener("submit", async (event) => {
      event.preventDefault();
      const ticket = checks.next();
      const verdict = document.getElementById("verdict");
      const body = {
        position: position(),
        first: firstSelect.value,
        move: document.getElementById("dispute-move").value.trim().toUpperCase(),
        player: document.getElementById("dispute-player").value,
      };
      if (!body.move) {
        verdict.hidden = false;
        verdict.className = "verdict illegal";
        verdict.textContent = "Type the pair claimed first, like B3-C3.";
        return;
      }
      const { ok, data } = await R.post("/api/domineering/check", body);
      // A verdict is only shown on the sheet it was asked of, and only the latest claim's:
      // the sheet tapped or "Started" changed meanwhile made it another position's
      // (session 10: "Legal: V may claim C1-C2" showed with C1-C2 already claimed).
      if (!checks.isLatest(ticket) || body.position !== position() || body.first !== firstSelect.value) return;
      verdict.hidden = false;
      const current = answer && answer.cells.join("/") === body.position && answer.first === body.first;
      disputeAnswer = ok && current ? { player: body.player, move: data.move || body.move, legal: data.legal, reason: data.reason } : null;
      if (current) save.show(!answerBox.classList.contains("stale"));
      if (!ok) {
        verdict.className = "verdict illegal";
        verdict.textContent = data.error;
      } else if (data.legal) {
        // The reason already says it: "H may claim A1-B1".
        verdict.className = "verdict legal";
        verdict.textContent = `Legal: ${data.reason}.`;
      } else {
        verdict.className = "verdict illegal";
        verdict.textContent = `Not legal for ${body.player}: ${data.reason}`;
      }
    });

    if (R.given(given)) {
      // The position asked for is typed in the notation box and analysed as typed (a
      // refused one stays there with its error). R.given drops it from the address.
      empty(5, 5);
      render();
      // One row a line is joined by "/" as the engine joins it: the box holds one line,
      // and what it shows is what is analysed (and what an error's column counts in).
      const typed = given.split(/\r?\n/).map((line) => line.trim()).filter(Boolean).join("/");
      notation.value = typed;
      // Its side to move names who started (with the pairs claimed: the engine reads
      // it so); a link whose position lacks it carries `first` (session 15: such a sheet
      // V started reopened as impossible), set in "Started" and sent as a position typed
      // is, one only the other starter makes possible answered for that one, said so.
      const starter = typeof givenFirst === "string" ? givenFirst.toUpperCase() : null;
      const known = starter === "H" || starter === "V";
      if (known) firstSelect.value = starter;
      // A dispute's player that is not H or V is named as `first` is (session 15 review:
      // it was dropped without a word).
      const claimant = givenDispute ? String(givenDispute.player || "").toUpperCase() : "";
      const oddWords = [
        ...(starter && !known ? [`first '${givenFirst}' is not H or V`] : []),
        ...(claimant && claimant !== "H" && claimant !== "V" ? [`player '${givenDispute.player}' is not H or V`] : []),
      ];
      const odd = oddWords.length ? `In the address, ${oddWords.join("; ")} (left out). ` : "";
      analyze(known ? typedBody(typed) : { position: typed }, true).then(() => {
        // The saved dispute in its boxes (show() set the player to move), checked again
        // once the position stands, so its verdict is in sight and saved with it again.
        if (givenDispute && typeof givenDispute.move === "string") {
          disputeMove.value = givenDispute.move;
          if (claimant === "H" || claimant === "V") disputePlayer.value = claimant;
          keepDispute();
          if (answer) document.getElementById("dispute").requestSubmit();
        }
        if (!answer) {
          notation.closest("details").open = true; // refused: its error is there
          if (odd) R.status(status, `${odd}${status.textContent}`, "error");
          return;
        }
        const started = answer.first === "V" ? " (V started)" : "";
        const filled = `The saved position is filled in${started}: tap to change it, or Clear to start a new sheet.`;
        if (odd) R.status(status, `${odd}${status.textContent || filled}`, "error");
        else if (!status.textContent) R.status(status, filled);
      });
      return;
    }
    // The sheet answered last in this tab, back after a reload or Back (not its photo);
    // then the dispute typed and a position typed and refused, with its error again.
    const kept = draft.load();
    const keptDispute = disputeDraft.load();
    if (keptDispute && typeof keptDispute.move === "string") disputeMove.value = keptDispute.move;
    const restoreTyped = () => {
      // show() set the player to move: the one chosen comes back once the sheet is answered.
      if (keptDispute && (keptDispute.player === "H" || keptDispute.player === "V")) disputePlayer.value = keptDispute.player;
      if (!kept || typeof kept.typed !== "string" || !kept.typed.trim()) return;
      notation.value = kept.typed;
      const details = notation.closest("details");
      if (details) details.open = true;
      analyze(typedBody(kept.typed.trim()), true);
    };
    const rows = kept && typeof kept.position === "string" ? kept.position.split("/") : [];
    const readable = rows.length && rows.length <= 8 && rows.every((row) => /^[.HV#]{1,8}$/.test(row) && row.length === rows[0].length);
    // An empty 5x5 started by H is the page as it opens: nothing to bring back.
    const blank = rows.length === 5 && rows.every((row) => row === ".....") && kept.first !== "V";
    if (readable && !blank) {
      empty(rows.length, rows[0].length);
      cells = rows.map((row) => row.split(""));
      if (kept.first === "H" || kept.first === "V") firstSelect.value = kept.first;
      render();
      const asked = position();
      analyze({ position: asked, first: firstSelect.value }).then(() => {
        // Said once it is answered, unless the sheet changed or something else was said.
        if (answer && answer.cells.join("/") === asked && !status.textContent) {
          R.status(status, "The sheet you had here last is back (its photo is not kept). Clear starts a new one.");
        }
        restoreTyped();
      });
      return;
    }
    empty(5, 5);
    render();
    analyze({ position: position(), first: firstSelect.value }).then(restoreTyped);
  };
})();
