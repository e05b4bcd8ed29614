/* Cross and Two-Step pages: hands from photos or the double-six tile picker. */
(function () {
  "use strict";
  const R = window.Referee;
  const same = (a, b) => a[0] === b[0] && a[1] === b[1];
  const pipsOf = (tiles) => tiles.reduce((sum, tile) => sum + tile[0] + tile[1], 0);
  // A hand as a text that does not depend on the tiles' order (a hand is a set of tiles).
  const handKey = (tiles) => tiles.map((tile) => R.tileText(tile)).sort().join(" ");

  /* Tiles drawn as buttons; tapping one calls onTap(tile). */
  function drawTiles(container, tiles, onTap, label) {
    container.replaceChildren(
      ...tiles.map((tile) => {
        const button = R.el("button", {
          type: "button",
          class: "tile-button",
          "data-tile": R.tileText(tile),
          "aria-label": `${label || "remove"} ${R.tileText(tile)}`,
          title: `${R.tileText(tile)}: tap to take it out`,
          onclick: () => onTap(tile),
        });
        button.append(R.tileSvg(tile[0], tile[1]));
        return button;
      })
    );
  }

  /* Read the tiles in a photo with /api/dominoes/count; answers the tiles or null, or
     undefined when `current()` says a later photo was chosen meanwhile (the status and
     overlay are then left to that photo). */
  async function readHand(file, status, overlay, current = () => true) {
    R.status(status, "Reading the tiles…", "busy");
    R.previewPhoto(overlay, file);
    const form = new FormData();
    form.append("photo", file);
    form.append("set", "6");
    const { ok, data } = await R.post("/api/dominoes/count", form);
    if (!current()) return undefined;
    if (!ok) {
      R.showOverlay(overlay, null);
      R.status(status, data.error, "error");
      return null;
    }
    R.showOverlay(overlay, data.overlay);
    // The warnings one a line (session 11: joined by spaces they ran together).
    const warnings = data.warnings || [];
    const count = data.tiles.length;
    const check = warnings.length ? ` Check ${warnings.length === 1 ? "this" : "these"}:` : "";
    R.status(
      status,
      `Read ${count} tile${count === 1 ? "" : "s"} (${data.total} pip${data.total === 1 ? "" : "s"}). Tap a tile to take it out.${check}`,
      warnings.length ? "error" : "ok",
      warnings
    );
    return data.tiles.map((tile) => (tile.pips[0] <= tile.pips[1] ? [tile.pips[0], tile.pips[1]] : [tile.pips[1], tile.pips[0]]));
  }

  /* What a hand photo's reading said ({hand, count, pips, text, lines, kind}), to say it
     again beside the hand (sayReading): `read` the tiles read, `status` the node readHand
     wrote, `hand` the hand as it came from them (on /two-step/ without a pile's top). */
  function readingOf(read, status, hand = read) {
    const kind = status.classList.contains("error") ? "error" : "ok";
    return { hand: handKey(hand), count: read.length, pips: pipsOf(read), kind, ...R.statusSaid(status) };
  }

  /* A hand's photo status once the hand may have changed: what the reading said while the
     hand is as read (its warnings included), else the reading and the hand now, whose
     warnings were about the tiles read (session 13: "Read 6 tiles (33 pips)" stayed beside
     5 tiles). One helper for /cross/'s seats, /cross/plays and /two-step/. */
  function sayReading(status, reading, tiles) {
    if (!reading) return;
    if (handKey(tiles) === reading.hand) {
      R.status(status, reading.text, reading.kind, reading.lines);
      return;
    }
    const count = (n) => `${n} tile${n === 1 ? "" : "s"}`;
    const pips = (n) => `${n} pip${n === 1 ? "" : "s"}`;
    R.status(
      status,
      `Read ${count(reading.count)} (${pips(reading.pips)}) from the photo; changed since: ` +
        `the hand now holds ${count(tiles.length)} (${pips(pipsOf(tiles))}).`,
      "ok"
    );
  }

  /* `given`: a round's hands from the page's address, seats split by "/" (a saved round's
     "Cross page" link, session 13), in place of the hands kept for the tab; or null. */
  /* `given`: a saved round's hands from the address; `givenMatch`, `givenTarget`: a saved
     match's rounds (one a line, seats split by "/") and target (web/results.py, session
     14); nulls when absent. */
  Referee.crossPage = function (given, givenMatch, givenTarget) {
    /* "field 'hands': hand 2: ..." and "... more than once: hand 1, hand 2": the page
       shows players, not the API's list of hands. */
    R.errorWords = [
      [/(^|; )field 'hands': hand (\d+): /g, "$1Player $2's hand: "],
      [/(^|; )field 'hand(\d+)': /g, "$1Player $2's hand: "],
      R.fieldWord("hands", "The hands"),
      // Said after "The match cannot be added up: ".
      [/(^|; )field 'rounds': round (\d+), hand (\d+): /g, "$1round $2, player $3's hand: "],
      R.fieldWord("rounds", "the rounds"),
      R.fieldWord("target", "play to"),
      [/\bhand (\d+)/g, "player $1's hand"],
    ];
    const container = document.getElementById("players");
    const template = document.getElementById("player-template");
    const answerBox = document.getElementById("answer");
    const requests = R.sequence();
    let players = [];
    let active = 0;
    let answer = null;
    const save = R.saveButton(answerBox, () =>
      answer
        ? {
            game: "cross",
            notation: players.map((p) => p.tiles.map(R.tileText).join(" ")).join("\n"),
            answer, // titled by the server from the answer (web/results.py title_of, session 12)
          }
        : null
    );

    const holder = (tile) => {
      const index = players.findIndex((player) => player.tiles.some((t) => same(t, tile)));
      return index < 0 ? null : `player ${index + 1}'s hand`;
    };
    const picker = R.tilePicker(document.getElementById("picker"), pick, holder);

    // The phone's bar at the foot, Kingdomino's total bar (class total-bar, session 14): the
    // round's verdict while the answer's card is out of sight, as when tiles are picked in
    // the picker below it; hidden with no answer, with the card on screen, and from 48rem.
    const bar = document.getElementById("verdict-bar");
    R.answerBar(bar, answerBox.querySelector(".total-card"));

    /* The answer's card says `verdict` (the bar too) and `words` under it. */
    function sayVerdict(verdict, words) {
      answerBox.hidden = false;
      document.getElementById("winner").textContent = verdict;
      document.getElementById("winner-detail").textContent = words;
      document.getElementById("verdict-bar-value").textContent = verdict;
      bar.hidden = false;
    }

    // The hands tapped or read, kept for the tab as the match is (session 11: a reload
    // lost them); the photos are not kept, only the tiles taken from them.
    const draft = R.draft("cross.round");

    const pickerStatus = document.getElementById("picker-status");

    function pick(tile) {
      const index = players.findIndex((player) => player.tiles.some((t) => same(t, tile)));
      if (index === active) players[active].tiles = players[active].tiles.filter((t) => !same(t, tile));
      else if (index < 0) players[active].tiles.push(tile);
      else {
        // A greyed tile: in another hand, as its title says (session 15: the tap did nothing).
        const name = R.tileText(tile);
        R.status(
          pickerStatus,
          `${name} is in player ${index + 1}'s hand, not player ${active + 1}'s: tap it in player ${index + 1}'s hand to take it out first.`,
          "error"
        );
        return;
      }
      players[active].unread = false;
      players[active].entered = true;
      handEntered(players[active]);
      changed();
    }

    /* A seat's hand entered by hand after its photo could not be read: the photo's error
       is no longer what that seat is about (session 10: it stayed above the tiles picked). */
    function handEntered(player) {
      if (!player.failed && !player.noted) return;
      player.failed = false;
      player.noted = false;
      R.status(player.section.querySelector(".status"), "");
    }

    // Seats hidden by a smaller player count, by seat index: their tiles come back when the
    // count grows again, until the round is added to the match (session 12: 3 -> 2 -> 3
    // silently emptied player 3's hand). Kept in the draft too.
    let hidden = [];

    function setCount(count) {
      const kept = players.map((p) => p.tiles);
      const keptUnread = players.map((p) => Boolean(p.unread));
      const keptEntered = players.map((p) => Boolean(p.entered));
      kept.forEach((tiles, index) => {
        if (index >= count) hidden[index] = { tiles, unread: keptUnread[index], entered: keptEntered[index] };
      });
      for (let index = kept.length; index < count; index++) {
        const back = hidden[index];
        if (!back) continue;
        // A tile since put in a hand still shown stays there.
        const held = kept.slice(0, count).flat();
        kept[index] = back.tiles.filter((tile) => !held.some((t) => same(t, tile)));
        keptUnread[index] = Boolean(back.unread) && !kept[index].length;
        keptEntered[index] = Boolean(back.entered) || kept[index].length > 0;
        hidden[index] = undefined;
      }
      players = [];
      container.replaceChildren();
      for (let index = 0; index < count; index++) {
        const section = template.content.firstElementChild.cloneNode(true);
        section.dataset.player = String(index + 1);
        section.querySelector(".player-name").textContent = `Player ${index + 1}`;
        // unread: this seat's photo could not be read and its hand is empty; an empty
        // hand is the player who went out, so no round is scored until it is settled.
        // failed: the seat's last photo could not be read (its status says why).
        // photos: the seat's photos in the order chosen; only the latest one's answer
        // is used (session 10: hand-1 answering after hand-2 took the seat back).
        // reading: this seat's latest photo is still being read; no round is answered,
        // nor added to the match, until it is (session 11: "Add" during "Reading the
        // tiles…" added the round with that hand empty, as gone out).
        // read: what the seat's photo read said ({hand, count, pips, text, lines, kind}),
        // said again while the hand is as read; once the hand is changed the status says
        // the hand now (session 13: "Read 6 tiles (33 pips)" stayed beside 5 tiles).
        // entered: the seat's hand is in (a tile picked or taken out, a photo read, "Went
        // out" tapped, the address's or the tab's hands); an empty seat not entered is a
        // hand still missing, not the player who went out, and no round is scored until
        // every seat's hand is in (session 14: the first photo read named a winner).
        // "Add tiles here" only chooses the seat for the picker (session 14 review: it
        // also entered the seat, so one tap said "Player 2 scores 12 — went out").
        // noted: the seat's status says what "Went out" took out of the hand, until the
        // hand changes again.
        const player = {
          tiles: kept[index] || [],
          section,
          unread: keptUnread[index] || false,
          entered: keptEntered[index] || Boolean((kept[index] || []).length),
          failed: false,
          noted: false,
          reading: false,
          read: null,
          photos: R.sequence(),
        };
        section.querySelector(".choose").addEventListener("click", () => choose(index));
        // "Went out": this player played the last tile, so the hand is in and empty. Tiles
        // in it are taken out, and the seat's status names them (docs/web.md, "Session 14:
        // went out is its own control"); a photo of it still being read is dropped.
        section.querySelector(".went-out").addEventListener("click", (event) => {
          choose(index);
          const taken = player.tiles;
          const statusNode = section.querySelector(".status");
          if (event.currentTarget.getAttribute("aria-pressed") === "true") {
            // Tapped again, as a toggle is (session 14 newcomer check: it stayed pressed and
            // only a tile added undid it): the seat's hand is to come again.
            player.entered = false;
            player.noted = false;
            R.status(statusNode, "Went out taken back: pick this hand's tiles or take its photo.", "ok");
            changed();
            return;
          }
          if (player.reading) {
            player.photos.next();
            player.reading = false;
            R.showOverlay(section.querySelector(".overlay"), null);
          }
          player.tiles = [];
          player.entered = true;
          player.unread = false;
          player.failed = false;
          player.read = null;
          player.noted = taken.length > 0;
          if (taken.length) {
            const names = taken.map(R.tileText);
            const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
            R.status(statusNode, `Went out: ${listed} taken out of this hand`, "ok");
          } else {
            R.status(statusNode, "");
          }
          changed();
        });
        section.addEventListener("click", (event) => {
          if (!event.target.closest("button, label, input")) choose(index);
        });
        R.onPhoto(section.querySelector(".hand-photo"), async (file) => {
          choose(index);
          const ticket = player.photos.next();
          player.reading = true;
          player.read = null;
          player.noted = false; // the status says the photo now
          changed();
          const statusNode = section.querySelector(".status");
          const tiles = await readHand(file, statusNode, section.querySelector(".overlay"), () =>
            player.photos.isLatest(ticket)
          );
          if (tiles === undefined) return; // a later photo of this seat was chosen
          player.reading = false;
          if (tiles) {
            player.tiles = tiles;
            player.entered = true;
            player.read = readingOf(tiles, statusNode);
          } else if (player.tiles.length) {
            // The hand kept is not this photo's, as the Kingdomino and Domineering pages
            // say of theirs (session 15: the round's score read as the new photo's).
            const count = player.tiles.length;
            const kept = `The hand below is still the one from before (${count} tile${count === 1 ? "" : "s"}, ${pipsOf(player.tiles)} pips), not this photo.`;
            R.status(statusNode, R.sentences(statusNode.textContent, kept), "error");
          } else if (player.entered) {
            // "Went out" stays as tapped (session 15 check: a refused photo undid it).
            R.status(statusNode, R.sentences(statusNode.textContent, "This player still went out (no tiles), not this photo."), "error");
          }
          player.unread = !tiles && !player.tiles.length && !player.entered;
          player.failed = !tiles;
          changed();
        });
        players.push(player);
        container.append(section);
      }
      document.querySelectorAll("#player-count button").forEach((button) =>
        button.setAttribute("aria-pressed", Number(button.dataset.count) === count ? "true" : "false")
      );
      choose(Math.min(active, count - 1));
      changed();
    }

    function choose(index) {
      if (index !== active) R.status(pickerStatus, ""); // a refused tap named the hand chosen before
      active = index;
      players.forEach((player, i) => player.section.classList.toggle("active", i === active));
      document.getElementById("picker-target").textContent = `player ${active + 1}`;
    }

    function changed() {
      R.status(pickerStatus, ""); // a refused tap is past once a hand changes
      players.forEach((player, index) => {
        player.tiles.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        drawTiles(player.section.querySelector(".hand-tiles"), player.tiles, (tile) => {
          player.tiles = player.tiles.filter((t) => !same(t, tile));
          handEntered(player);
          changed();
        }, `take out of player ${index + 1}'s hand`);
        player.section.querySelector(".pips").textContent = pipsOf(player.tiles);
        const out = player.entered && !player.tiles.length && !player.unread && !player.reading;
        player.section.querySelector(".went-out").setAttribute("aria-pressed", out ? "true" : "false");
        sayReading(player.section.querySelector(".status"), player.read, player.tiles);
      });
      picker.refresh();
      // A seat whose photo could not be read, or was still being read, with no tiles comes
      // back unread after a reload, never as the player who went out (session 11 review).
      draft.save({
        hands: players.map((player) => player.tiles.map(R.tileText)),
        unread: players.map((player) => Boolean(player.unread || (player.reading && !player.tiles.length))),
        entered: players.map((player) => Boolean(player.entered)),
        hidden: hidden.map((seat) => (seat ? seat.tiles.map(R.tileText) : null)),
        hiddenEntered: hidden.map((seat) => Boolean(seat && seat.entered)),
      });
      update();
    }

    /* "Add this round to the match" is refused while a photo is being read (the round
       is not known yet) and once the match is won; `title` says why. */
    function setAddState() {
      const button = document.getElementById("match-add");
      const reading = players.findIndex((player) => player.reading);
      const won = Boolean(match.answer && match.answer.winner);
      button.disabled = won || reading >= 0;
      button.title = won
        ? "The match is won: press New match to start another"
        : reading >= 0
          ? `Wait for player ${reading + 1}'s photo to be read`
          : "";
    }

    async function update() {
      const ticket = requests.next();
      setAddState();
      const reading = players.findIndex((player) => player.reading);
      if (reading < 0 && players.every((player) => !player.tiles.length)) {
        players.forEach((player) => player.section.classList.remove("winner"));
        answerBox.hidden = true;
        bar.hidden = true;
        answer = null;
        return;
      }
      const hands = players.map((player) => player.tiles.map(R.tileText));
      const unread = players.findIndex((player) => player.unread);
      // Seats whose hand is not in yet (by number): a round needs every hand (rules/cross.txt:
      // the player who went out, or the lowest pip total left, wins).
      const missing = players
        .map((player, index) => (!player.entered && !player.tiles.length && !player.unread && !player.reading ? index + 1 : 0))
        .filter(Boolean);
      const { ok, data } =
        unread < 0 && reading < 0 && !missing.length ? await R.post("/api/cross/round", { hands }) : { ok: false, data: {} };
      if (!requests.isLatest(ticket)) return;
      const list = document.getElementById("pips");
      players.forEach((player) => player.section.classList.remove("winner"));
      if (reading >= 0) {
        // An empty hand still being read is not a player who went out.
        answer = null;
        sayVerdict(
          "Reading the photo…",
          `Player ${reading + 1}'s photo is being read: the round is scored, and can be added ` +
            "to the match, once it is read"
        );
        list.replaceChildren();
        save.show(false);
        return;
      }
      if (unread < 0 && missing.length) {
        // No winner named until every hand is in (session 14).
        answer = null;
        const seats =
          missing.length === 1
            ? `player ${missing[0]}'s hand`
            : `the hands of players ${missing.slice(0, -1).join(", ")} and ${missing[missing.length - 1]}`;
        sayVerdict(
          `Waiting for ${seats}`,
          "The round is scored once every hand is in: photograph each hand left or pick its tiles " +
            "(a player who went out: tap Went out)"
        );
        list.replaceChildren();
        save.show(false);
        return;
      }
      if (!ok) {
        answer = null;
        sayVerdict(
          "Check the hands",
          unread < 0
            ? data.error
            : `Player ${unread + 1}'s photo could not be read, so their hand is empty: photograph ` +
                "it again or add its tiles (a player who went out: tap Went out)"
        );
        list.replaceChildren();
        save.show(false);
        return;
      }
      answer = data;
      // "Score a round first" or "This round cannot be added" was about other hands.
      if (matchStatus.classList.contains("error")) R.status(matchStatus, "");
      if (data.winner === null) {
        sayVerdict("Nobody scores", "blocked, and two or more players tie for the lowest pip total");
      } else {
        const wentOut = players[data.winner - 1].tiles.length === 0;
        sayVerdict(
          `Player ${data.winner} scores ${data.points}`,
          wentOut ? "went out (played the last tile)" : "lowest pip total in a blocked round"
        );
        players[data.winner - 1].section.classList.add("winner");
      }
      list.replaceChildren(
        ...data.pips.map((pips, index) =>
          R.el(
            "li",
            { class: data.winner === index + 1 ? "" : "no-points" },
            R.el("span", { class: "domain-name", text: `Player ${index + 1}` }),
            R.el("span", {
              class: "domain-sum",
              text: `${players[index].tiles.length} tile${players[index].tiles.length === 1 ? "" : "s"}, pips: `,
            }),
            R.el("strong", { text: String(pips) })
          )
        )
      );
      save.show(true);
    }

    /* The match: rounds added up to a target by /api/cross/match (the engine decides
       who scores and who wins); kept in sessionStorage so a reload keeps it. */
    const STORE = "referee.cross.match";
    const matchBox = document.getElementById("match");
    const targetSelect = document.getElementById("match-target");
    const matchStatus = document.getElementById("match-status");
    let match = { rounds: [], target: 100, answer: null };
    try {
      const kept = JSON.parse(sessionStorage.getItem(STORE) || "null");
      if (kept && Array.isArray(kept.rounds)) match = { rounds: kept.rounds, target: kept.target || 100, answer: null };
    } catch (error) {
      /* a stored match that does not parse is dropped */
    }
    // A saved match's link: its rounds take the place of the tab's match, the next
    // round's hands start empty, and it is added up again below (session 14: the link
    // opened an empty page).
    const linkedMatch = R.given(givenMatch);
    let oddTarget = false; // a target in the address that is no target
    if (linkedMatch) {
      const target = Number(givenTarget);
      const known = [...targetSelect.options].some((option) => option.value === String(target));
      oddTarget = !known && typeof givenTarget === "string" && givenTarget !== "";
      match = {
        rounds: linkedMatch
          .split(/\r?\n/)
          .filter((line) => line.trim())
          .map((line) => line.split("/").map((hand) => hand.trim().replace(/\s+/g, " "))),
        target: known ? target : 100,
        answer: null,
      };
    }
    targetSelect.value = String(match.target);

    async function scoreMatch(rounds, target) {
      if (!rounds.length) return { ok: true, data: null };
      return R.post("/api/cross/match", { rounds, target });
    }

    /* The match saved as the CLI's `cross match` takes it: one round a line, a round's
       hands in seat order split by "/" (an empty hand: the player who went out). */
    const matchNotation = () =>
      match.rounds.map((hands) => hands.join(" / ").replace(/\s+/g, " ").trim()).join("\n");
    const saveMatch = R.saveButton(matchBox, () => {
      const data = match.answer;
      if (!data) return null;
      return { game: "cross", notation: matchNotation(), answer: data }; // titled by the server
    });

    function drawMatch() {
      const answerData = match.answer;
      saveMatch.show(Boolean(answerData && answerData.rounds.length));
      document.getElementById("match-empty").hidden = match.rounds.length > 0;
      document.getElementById("match-new").hidden = match.rounds.length === 0;
      const list = document.getElementById("match-rounds");
      const scores = document.getElementById("match-scores");
      list.replaceChildren();
      scores.textContent = "";
      matchBox.classList.toggle("won", Boolean(answerData && answerData.winner));
      setAddState();
      if (!answerData) return;
      answerData.rounds.forEach((round, index) =>
        list.append(
          R.el(
            "li",
            {},
            R.el("span", { class: "domain-name", text: `Round ${index + 1}` }),
            R.el("span", {
              class: "domain-sum",
              text: round.winner === null ? "tied: nobody scores" : `player ${round.winner} +${round.points}`,
            })
          )
        )
      );
      scores.textContent = answerData.scores.map((points, index) => `Player ${index + 1}: ${points}`).join(" · ");
      if (answerData.winner) {
        R.status(matchStatus, `Player ${answerData.winner} wins the match (reached ${answerData.target})`, "ok");
      }
    }

    function keepMatch() {
      sessionStorage.setItem(STORE, JSON.stringify({ rounds: match.rounds, target: match.target }));
      drawMatch();
    }

    document.getElementById("match-add").addEventListener("click", async () => {
      if (players.some((player) => player.reading)) return; // the button is disabled then
      if (!answer) {
        R.status(matchStatus, "Score a round first: the hands above do not make one yet", "error");
        return;
      }
      const hands = players.map((player) => player.tiles.map(R.tileText).join(" "));
      const rounds = [...match.rounds, hands];
      const { ok, data } = await scoreMatch(rounds, match.target);
      if (!ok) {
        // A round of another player count is never added to this match: say how to go
        // on (session 11: it said only that it could not be added).
        const seats = match.rounds.length ? match.rounds[0].length : hands.length;
        const start =
          seats !== hands.length
            ? `. Press New match to start a match of ${hands.length} players (this one is of ${seats})`
            : "";
        R.status(matchStatus, `This round cannot be added: ${data.error}${start}`, "error");
        return;
      }
      match = { ...match, rounds, answer: data };
      keepMatch();
      if (!data.winner) R.status(matchStatus, `Round ${rounds.length} added. Enter the hands left after the next round.`, "ok");
      clearHands();
    });

    /* The next round starts from nothing, the players and the match kept: each seat's
       photo and what was said of it go with its tiles (session 10: "Read 5 tiles (27
       pips)" and the photo stayed beside an empty hand through later rounds). After a
       round added, or "New round" (session 15). */
    function clearHands() {
      hidden = []; // seats hidden by the player count are not in the next round
      players.forEach((player) => {
        player.tiles = [];
        player.photos.next(); // a photo still being read belonged to the round added
        player.reading = false;
        player.unread = false;
        player.entered = false; // the next round's hands are all still to come
        player.failed = false;
        player.noted = false;
        player.read = null;
        R.status(player.section.querySelector(".status"), "");
        R.showOverlay(player.section.querySelector(".overlay"), null);
      });
      changed();
    }

    // "New round": the hands emptied, the players and the match kept. A round scored and
    // not added to a match under way is said to be left out, not lost unsaid.
    document.getElementById("round-new").addEventListener("click", () => {
      const scored = answer && document.getElementById("winner").textContent;
      if (scored && match.rounds.length && !(match.answer && match.answer.winner)) {
        R.status(matchStatus, `New round: the round cleared (${scored}) was not added to the match.`);
      } else if (matchStatus.classList.contains("error")) R.status(matchStatus, "");
      clearHands();
    });

    targetSelect.addEventListener("change", async () => {
      const target = Number(targetSelect.value);
      const { ok, data } = await scoreMatch(match.rounds, target);
      if (!ok) {
        targetSelect.value = String(match.target);
        R.status(matchStatus, `The target cannot change to ${target}: ${data.error}`, "error");
        return;
      }
      match = { ...match, target, answer: data };
      R.status(matchStatus, "");
      keepMatch();
    });

    document.getElementById("match-new").addEventListener("click", () => {
      match = { rounds: [], target: match.target, answer: null };
      R.status(matchStatus, "");
      keepMatch();
    });

    document.querySelectorAll("#player-count button").forEach((button) =>
      button.addEventListener("click", () => setCount(Number(button.dataset.count)))
    );
    // The hands kept for the tab come back with their seats; else a match under way keeps
    // its player count across a reload (its rounds name every seat).
    const givenHands = R.given(given);
    // The address's hands are checked as typed (session 13): a tile in other words than
    // 3-5 was dropped unsaid, leaving the hands empty and nothing said. Dashes other than
    // '-' read as the API reads them (referee/dominoes.py DASHES).
    const givenSeats = givenHands
      ? givenHands.split("/").map((hand) => hand.replace(/[\u2010-\u2015\u2212\ufe63\uff0d]/g, "-").trim().split(/\s+/).filter(Boolean))
      : null;
    const notTile = givenSeats ? givenSeats.flat().find((text) => !R.parseTile(text)) : undefined;
    const givenError =
      notTile !== undefined
        ? `The hands in the address are refused: '${notTile.length > 40 ? `${notTile.slice(0, 40)}…` : notTile}' ` +
          "is not a tile (a tile is written 3-5, hands are split by /)"
        : givenSeats && (givenSeats.length < 2 || givenSeats.length > 4)
          ? `The hands in the address are refused: ${givenSeats.length} ${givenSeats.length === 1 ? "hand" : "hands"}, but a round has 2 to 4 players`
          : null;
    // Refused, the page starts empty with the error said (not the tab's last hands, whose
    // answer would replace it).
    const kept = givenSeats ? (givenError ? null : { hands: givenSeats }) : linkedMatch ? null : draft.load();
    const keptHands =
      kept && Array.isArray(kept.hands) ? kept.hands.map((hand) => (Array.isArray(hand) ? hand.map(R.parseTile).filter(Boolean) : [])) : null;
    const seats = keptHands ? keptHands.length : match.rounds.length ? match.rounds[match.rounds.length - 1].length : 2;
    if (keptHands) {
      const unread = Array.isArray(kept.unread) ? kept.unread : [];
      // The address's hands are all in (an empty one: the player who went out); so are a
      // tab's hands kept before session 14 (no `entered`), as they were scored then.
      const entered = Array.isArray(kept.entered) ? kept.entered : keptHands.map(() => true);
      players = keptHands.map((tiles, index) => ({
        tiles,
        unread: !tiles.length && unread[index] === true,
        entered: entered[index] === true,
      }));
      if (Array.isArray(kept.hidden)) {
        const hiddenEntered = Array.isArray(kept.hiddenEntered) ? kept.hiddenEntered : [];
        hidden = kept.hidden.map((hand, index) =>
          Array.isArray(hand)
            ? { tiles: hand.map(R.parseTile).filter(Boolean), unread: false, entered: hiddenEntered[index] !== false }
            : undefined
        );
      }
    }
    setCount(Math.min(Math.max(seats, 2), 4));
    if (givenError) {
      answer = null;
      sayVerdict("Check the hands", givenError);
      document.getElementById("pips").replaceChildren();
      save.show(false);
    }
    scoreMatch(match.rounds, match.target).then(({ ok, data }) => {
      if (ok) match.answer = data;
      else match = { rounds: [], target: match.target, answer: null };
      keepMatch();
      if (linkedMatch && !ok) {
        R.status(matchStatus, `The saved match in the address is refused: ${data.error}`, "error");
      } else if (linkedMatch && data && !data.winner) {
        const count = data.rounds.length;
        R.status(matchStatus, `The saved match is back (${count} round${count === 1 ? "" : "s"}). Enter the hands left after the next round.`, "ok");
      }
      // A target the address gives that is none is said, in the API's words (session
      // 15: 55 became 100 silently); the match is played to the one shown.
      if (linkedMatch && ok && oddTarget) {
        R.post("/api/cross/match", { rounds: match.rounds, target: givenTarget }).then((refused) => {
          if (refused.ok) return;
          const said = `The target in the address is refused (${refused.data.error}): the match is played to ${match.target}.`;
          R.status(matchStatus, `${said} ${matchStatus.textContent}`.trim(), "error");
        });
      }
    });
  };

  /* An end name of the Cross layout (docs/cross.md, "End names") in a player's words:
     "N2L" -> "the left branch of tile 2 of the north arm"; "N" while the north arm holds
     no tile (in `empty`) is the lead's north side, not an arm yet (session 10). */
  const ARM_WORDS = { N: "north", E: "east", S: "south", W: "west" };
  function crossEndWords(end, empty = new Set()) {
    if (end === "lead") return "as the lead";
    const match = /^([NESW])((?:\d+[LR])*)$/.exec(end);
    if (!match) return `on ${end}`;
    if (!match[2] && empty.has(match[1])) return `on the ${ARM_WORDS[match[1]]} side of the lead`;
    let where = `the ${ARM_WORDS[match[1]]} arm`;
    for (const [, tile, side] of match[2].matchAll(/(\d+)([LR])/g)) {
      where = `the ${side === "L" ? "left" : "right"} branch of tile ${tile} of ${where}`;
    }
    return `on ${where}`;
  }

  /* "May I play this here?" (/cross/plays): the layout typed, the hand tapped, typed or
     read from a photo, the boneyard and variants, asked of /api/cross/plays (the CLI's
     `cross plays`: the engine decides everything, the page only says it). Every ask
     replaces the status; an ask refused keeps the last answer, said to be that, and
     nothing typed is lost. */
  Referee.crossPlaysPage = function (example) {
    R.errorWords = [
      R.fieldWord("layout", "The table"),
      R.fieldWord("hand", "Your hand"),
      R.fieldWord("boneyard", "The boneyard"),
      [/\bthe layout\b/g, "the table"],
      [/\bthe hand\b/g, "your hand"],
    ];
    const layoutBox = document.getElementById("plays-layout");
    const handBox = document.getElementById("plays-hand-text");
    const boneyardBox = document.getElementById("plays-boneyard");
    const status = document.getElementById("plays-status");
    const photoStatus = document.getElementById("plays-photo-status");
    const pickerStatus = document.getElementById("picker-status");
    const answerBox = document.getElementById("plays-answer");
    const note = document.getElementById("plays-note");
    const variants = {
      only_first_spinner: document.getElementById("plays-only-first-spinner"),
      last_two_never_drawn: document.getElementById("plays-last-two-never-drawn"),
      lead_sides_closed: document.getElementById("plays-lead-sides-closed"),
    };
    const requests = R.sequence();
    let tiles = [];
    let answered = null; // the last answer shown
    let asked = false; // once asked, every change asks again
    let photoFailed = false; // the photo's status says why it was not read
    // What the last photo read said (readingOf), said again as the hand changes
    // (sayReading; session 13: "Read 5 tiles (27 pips)" stayed beside a hand edited).
    let photoRead = null;
    // The tiles on the table as the referee read it (`table_tiles` of its last answer or
    // refusal) and the table text sent: greyed in the picker while the box still holds
    // that text. The page never parses the table itself (session 11).
    let table = { text: null, tiles: [] };
    // The table, hand, boneyard and variants kept for the tab, as the other pages keep
    // theirs (session 11: a reload lost them), and whether they had been asked about:
    // only then are they asked again after the reload. The photo is not kept.
    const draft = R.draft("cross.plays");
    function saveDraft() {
      draft.save({
        layout: layoutBox.value,
        hand: handBox.value,
        boneyard: boneyardBox.value,
        variants: Object.fromEntries(Object.entries(variants).map(([name, box]) => [name, box.checked])),
        asked,
      });
    }

    /* The typed hand as tiles, or null while a word does not read as a tile (the
       server then says what is wrong with it when asked; the text is kept). */
    const typedTiles = () => {
      const words = handBox.value.split(/[\s,]+/).filter(Boolean);
      const read = words.map(R.parseTile);
      return read.every((tile) => tile && tile[1] <= 6) ? read : null;
    };
    const handText = () => tiles.map(R.tileText).join(" ");
    const onTable = (tile) => table.text === layoutBox.value && table.tiles.some((t) => same(t, tile));
    const picker = R.tilePicker(document.getElementById("picker"), pick, (tile) => {
      const inHand = tiles.some((t) => same(t, tile));
      if (inHand && onTable(tile)) return "in your hand and on the table";
      return inHand ? "your hand" : onTable(tile) ? "on the table" : null;
    });

    function pick(tile) {
      if (handBox.value.trim() !== handText() && typedTiles() === null) {
        // The typed hand is not lost to a tap: it is fixed or cleared first.
        R.status(pickerStatus, "Your hand as typed does not read as tiles yet: correct it or clear it, then tap tiles.", "error");
        return;
      }
      if (typedTiles() !== null) tiles = typedTiles();
      const inHand = tiles.some((t) => same(t, tile));
      if (!inHand && onTable(tile)) {
        // A tile on the table is in nobody's hand (session 11: it was added, and the
        // referee refused the hand on the next ask).
        R.status(pickerStatus, `${R.tileText(tile)} is on the table: it cannot be in your hand too.`, "error");
        return;
      }
      tiles = inHand ? tiles.filter((t) => !same(t, tile)) : [...tiles, tile];
      handChanged(true);
    }

    function drawHand() {
      tiles.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      drawTiles(document.getElementById("plays-hand"), tiles, (tile) => {
        tiles = tiles.filter((t) => !same(t, tile));
        handChanged(true);
      }, "take out of your hand");
      picker.refresh();
      sayReading(photoStatus, photoRead, tiles);
    }

    /* The tiles changed (tap, photo, typing): draw them, ask again once asked;
       `mirror` rewrites the text box from the tiles. */
    function handChanged(mirror) {
      R.status(pickerStatus, ""); // a refused tap is past once the hand changes
      // A hand tapped or typed after a photo that could not be read: the photo's error
      // is no longer about the hand (session 10: "no domino tile found ..." stayed).
      if (photoFailed) {
        photoFailed = false;
        R.status(photoStatus, "");
      }
      drawHand();
      if (mirror) handBox.value = handText();
      saveDraft();
      if (asked) ask();
    }

    /* The short line at the foot of a phone's screen (hidden on a desktop, where the
       answer sits beside the inputs): what the last ask answered, linking to it. */
    const bar = document.getElementById("plays-bar");
    // Hidden while the answer's card is on screen, where it would only cover a play of the
    // list (session 15: the last page's bar without it; Kingdomino's and the round's had it).
    R.answerBar(bar, answerBox.querySelector(".total-card"));
    function showBar(text, see, href) {
      document.getElementById("plays-bar-value").textContent = text;
      document.getElementById("plays-bar-see").textContent = see;
      bar.setAttribute("href", href);
      bar.hidden = false;
    }

    function say(data) {
      const count = data.plays.length;
      const title = document.getElementById("plays-title");
      const detail = document.getElementById("plays-detail");
      const blocked =
        " If no other player can play either, the round is blocked: the lowest pip total wins (score it on the round page).";
      const titles = {
        draw: "No play: draw",
        pass: "No play: pass",
        "no lead": "No double to lead",
        out: "You went out",
      };
      title.textContent = data.must === "play" ? `${count} legal play${count === 1 ? "" : "s"}` : titles[data.must] || data.must;
      showBar(title.textContent, "see them ↓", "#plays-answer");
      detail.textContent = data.must === "pass" ? data.reason + "." + blocked : data.reason;
      const pips = Object.fromEntries(data.open_ends.map((end) => [end.end, end.pips]));
      // The arms with no tile, from the table as the referee wrote it back
      // ("6-6 | N: 6-3 | E: | S: | W:"; a branch is L: or R:, never a compass letter).
      const empty = new Set([...(data.layout || "").matchAll(/(?:^|\| )([NESW]):\s*(?=\||$)/g)].map((m) => m[1]));
      document.getElementById("plays-list").replaceChildren(
        ...data.plays.map((play) => {
          const tile = R.parseTile(play.tile);
          const on = play.end in pips ? ` (${pips[play.end]})` : "";
          return R.el(
            "li",
            { "data-play": `${play.tile} ${play.end}` },
            R.tileSvg(tile[0], tile[1]),
            R.el("span", {}, R.el("strong", { text: play.tile }), ` ${crossEndWords(play.end, empty)}${on} · ${play.end}`)
          );
        })
      );
    }

    async function ask() {
      asked = true;
      saveDraft();
      const ticket = requests.next();
      R.status(pickerStatus, "");
      if (!handBox.value.trim()) {
        R.status(status, "Add your tiles first: tap them below, type them or photograph your hand.", "error");
        return;
      }
      R.status(status, "Asking the referee…", "busy");
      const body = { layout: layoutBox.value, hand: handBox.value };
      if (boneyardBox.value.trim() !== "") body.boneyard = boneyardBox.value.trim();
      for (const [name, box] of Object.entries(variants)) body[name] = box.checked;
      const { ok, data } = await R.post("/api/cross/plays", body);
      if (!requests.isLatest(ticket)) return;
      if (Array.isArray(data.table_tiles)) {
        table = { text: body.layout, tiles: data.table_tiles.map(R.parseTile) };
        picker.refresh();
      }
      if (!ok) {
        R.status(status, data.error, "error");
        if (answered) showBar("Not answered", "see why ↓", "#plays-status");
        if (answered) {
          note.textContent = "This answer is for the last table and hand asked about, not the ones above.";
          note.hidden = false;
          answerBox.classList.add("stale");
        }
        return;
      }
      R.status(status, "");
      answered = { ...data, asked: body.layout };
      // Emptied as well as hidden: a note hidden with its words kept is still read by
      // whatever reads the page's text (session 15: the newcomer's check read "This answer
      // is for the last table and hand asked about" under a fresh, correct answer).
      note.textContent = "";
      note.hidden = true;
      answerBox.classList.remove("stale");
      answerBox.hidden = false;
      // The hand as the referee read it: typed tiles now show as tiles.
      const read = data.hand ? data.hand.split(" ").map(R.parseTile) : [];
      if (handText() !== data.hand) {
        tiles = read;
        drawHand();
      }
      say(data);
    }

    R.onPhoto(document.getElementById("plays-photo"), async (file) => {
      photoRead = null; // "Reading the tiles…", then this photo's answer
      const read = await readHand(file, photoStatus, document.querySelector(".overlay"));
      photoFailed = !read;
      if (!read) {
        // The hand already entered stays; the photo's error says why it was not read.
        return;
      }
      photoRead = readingOf(read, photoStatus);
      tiles = read;
      handChanged(true);
      if (!asked) ask();
    });
    handBox.addEventListener("input", () => {
      saveDraft(); // kept as typed, read as tiles or not
      const read = typedTiles();
      if (read === null) return;
      tiles = read;
      handChanged(false);
    });
    handBox.addEventListener("keydown", (event) => event.key === "Enter" && ask());
    // A table edited since it was answered: its tiles are no longer greyed (they were
    // the last table's) until the referee reads the new one.
    // Session 12 (newcomer): the answer stayed as if current after the table changed.
    // While the player types it is said to be the last table's; leaving the box (or
    // Enter, or the button) asks again.
    layoutBox.addEventListener("input", () => {
      saveDraft();
      picker.refresh();
      if (answered && layoutBox.value !== answered.asked) {
        note.textContent = "This answer is for the last table asked about: leave the box or press Enter to ask again.";
        note.hidden = false;
        answerBox.classList.add("stale");
      } else if (answered) {
        note.textContent = "";
        note.hidden = true;
        answerBox.classList.remove("stale");
      }
    });
    layoutBox.addEventListener("change", () => asked && ask());
    layoutBox.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey) {
        event.preventDefault();
        ask();
      }
    });
    document.getElementById("plays-ask").addEventListener("click", ask);
    [boneyardBox, ...Object.values(variants)].forEach((box) =>
      box.addEventListener("change", () => (asked ? ask() : saveDraft()))
    );
    boneyardBox.addEventListener("input", saveDraft);
    // The example never takes the place of a table the player wrote: "Back to my table".
    const mineButton = document.getElementById("plays-mine");
    let mine = null;
    document.getElementById("plays-example").addEventListener("click", () => {
      if (layoutBox.value.trim() && layoutBox.value !== example) mine = layoutBox.value;
      mineButton.hidden = mine === null;
      layoutBox.value = example;
      picker.refresh();
      saveDraft();
      if (asked) ask();
    });
    mineButton.addEventListener("click", () => {
      if (mine !== null) layoutBox.value = mine;
      mine = null;
      mineButton.hidden = true;
      picker.refresh();
      saveDraft();
      if (asked) ask();
    });
    const kept = draft.load();
    if (kept && typeof kept === "object") {
      if (typeof kept.layout === "string") layoutBox.value = kept.layout;
      if (typeof kept.hand === "string") handBox.value = kept.hand;
      if (typeof kept.boneyard === "string") boneyardBox.value = kept.boneyard;
      for (const [name, box] of Object.entries(variants)) {
        if (kept.variants && typeof kept.variants[name] === "boolean") box.checked = kept.variants[name];
      }
      tiles = typedTiles() || [];
    }
    drawHand();
    if (kept && kept.asked === true) ask();
  };

  Referee.twoStepPage = function () {
    R.errorWords = [
      R.fieldWord("hand", "Your hand"),
      R.fieldWord("card_top", "The dance card top"),
      R.fieldWord("discard_top", "The discard top"),
      R.fieldWord("ends", "The dance floor"),
      [/\bthe hand\b/g, "your hand"],
    ];
    const answerBox = document.getElementById("answer");
    const requests = R.sequence();
    const slots = { hand: [], card: [], discard: [] };
    const names = { hand: "your hand", card: "the dance card top", discard: "the discard top" };
    let target = "hand";
    let answer = null;
    const emptyFloor = document.getElementById("empty-floor");
    const left = document.getElementById("end-left");
    const right = document.getElementById("end-right");
    const status = document.getElementById("status");
    const save = R.saveButton(answerBox, () =>
      answer ? { game: "two-step", notation: describe(), answer } : null // titled by the server
    );

    const holder = (tile) => {
      for (const [slot, tiles] of Object.entries(slots)) if (tiles.some((t) => same(t, tile))) return names[slot];
      return null;
    };
    const picker = R.tilePicker(document.getElementById("picker"), pick, holder);
    // The ends and tiles entered, kept for the tab (session 11: a reload lost them).
    const draft = R.draft("two-step.plays");

    function pick(tile) {
      const owner = Object.keys(slots).find((slot) => slots[slot].some((t) => same(t, tile)));
      if (owner === target) slots[target] = slots[target].filter((t) => !same(t, tile));
      else if (owner) return;
      else if (target === "hand") {
        if (slots.hand.length >= 3) {
          R.status(status, "A hand holds at most three tiles: take one out first.", "error");
          return;
        }
        slots.hand.push(tile);
      }
      else slots[target] = [tile];
      changed();
    }

    function describe() {
      const ends = emptyFloor.checked ? "empty dance floor" : `ends ${left.value},${right.value}`;
      return `${ends}; hand ${slots.hand.map(R.tileText).join(" ") || "-"}; card top ${
        slots.card.map(R.tileText).join("") || "-"
      }; discard top ${slots.discard.map(R.tileText).join("") || "-"}`;
    }

    /* What the hand photo's reading said (its unsure tiles, tiles left out; readingOf),
       said again by sayReading: as read while the hand is (a change of the ends or a
       pile's top wiped it, session 10, so an unsure reading looked sure), else with the
       hand now (session 13: "Read 3 tiles (15 pips)" stayed beside a hand edited). */
    let reading = null;

    function changed() {
      if (reading) sayReading(status, reading, slots.hand);
      else if (status.classList.contains("error")) R.status(status, "");
      for (const slot of Object.keys(slots)) {
        drawTiles(document.getElementById(`slot-${slot}`), slots[slot], (tile) => {
          slots[slot] = slots[slot].filter((t) => !same(t, tile));
          changed();
        }, `take out of ${names[slot]}`);
      }
      left.disabled = right.disabled = emptyFloor.checked;
      picker.refresh();
      draft.save({
        empty: emptyFloor.checked,
        ends: [left.value, right.value],
        ...Object.fromEntries(Object.entries(slots).map(([slot, tiles]) => [slot, tiles.map(R.tileText)])),
      });
      update();
    }

    function setTarget(slot) {
      target = slot;
      document.querySelectorAll("#target button").forEach((button) =>
        button.setAttribute("aria-pressed", button.dataset.slot === slot ? "true" : "false")
      );
      document.getElementById("picker-target").textContent = names[slot];
    }

    async function update() {
      const ticket = requests.next();
      if (Object.values(slots).every((tiles) => !tiles.length)) {
        // Nothing entered yet: no verdict ("no play") before the player has begun.
        answerBox.hidden = true;
        answer = null;
        return;
      }
      const body = {
        ends: emptyFloor.checked ? null : `${left.value},${right.value}`,
        hand: slots.hand.map(R.tileText).join(" "),
        card_top: slots.card.length ? R.tileText(slots.card[0]) : null,
        discard_top: slots.discard.length ? R.tileText(slots.discard[0]) : null,
      };
      const { ok, data } = await R.post("/api/two-step/plays", body);
      if (!requests.isLatest(ticket)) return;
      answerBox.hidden = false;
      const title = document.getElementById("plays-title");
      const detail = document.getElementById("plays-detail");
      const list = document.getElementById("plays");
      if (!ok) {
        answer = null;
        title.textContent = "Check the tiles";
        detail.textContent = slots.hand.length > 3 ? `${data.error}: tap the tiles that are not in your hand to take them out` : data.error;
        list.replaceChildren();
        save.show(false);
        return;
      }
      answer = data;
      const count = data.plays.length;
      title.textContent = count ? `${count} legal play${count === 1 ? "" : "s"}` : "No play";
      if (count) {
        // On an empty floor the reason says when the opponent would open instead.
        detail.textContent = data.ends ? `on the ends ${data.ends[0]} and ${data.ends[1]}` : data.reason;
      } else {
        detail.textContent = data.reason;
      }
      const from = { hand: "from your hand", card: "from your dance card", discard: "from your discard pile" };
      list.replaceChildren(
        ...data.plays.map((play) => {
          const tile = R.parseTile(play.tile);
          const where = data.ends ? `on the ${play.end} end (${data.ends[play.end === "left" ? 0 : 1]})` : "to open the dance floor";
          return R.el(
            "li",
            { "data-play": `${play.tile} ${play.source} ${play.end}` },
            R.tileSvg(tile[0], tile[1]),
            R.el("span", {}, R.el("strong", { text: play.tile }), ` ${from[play.source]} ${where}`)
          );
        })
      );
      save.show(true);
    }

    R.onPhoto(document.getElementById("photo"), async (file) => {
      reading = null;
      const tiles = await readHand(file, status, document.querySelector(".overlay"));
      if (tiles) {
        // A tile read in the hand that is already a pile's top stays there, and the
        // player is told (it was dropped without a word).
        const elsewhere = (tile) => (slots.card.some((t) => same(t, tile)) ? "card" : slots.discard.some((t) => same(t, tile)) ? "discard" : null);
        const left = tiles.filter(elsewhere);
        // What the reading said (its warnings, shown as an error) outlives changed(),
        // which clears an error status: the photo's unsure tiles must stay said.
        slots.hand = tiles.filter((tile) => !elsewhere(tile));
        reading = readingOf(tiles, status, slots.hand);
        if (left.length) {
          const said = left.map((tile) => `${R.tileText(tile)} is already ${names[elsewhere(tile)]}`).join("; ");
          reading = { ...reading, lines: [...reading.lines, `Left out of the hand: ${said}.`], kind: "error" };
        }
        changed();
      }
    });
    document.querySelectorAll("#target button").forEach((button) =>
      button.addEventListener("click", () => setTarget(button.dataset.slot))
    );
    document.querySelectorAll(".slot").forEach((slot) =>
      slot.addEventListener("click", (event) => {
        if (!event.target.closest(".tile-button")) setTarget(slot.dataset.slot);
      })
    );
    [emptyFloor, left, right].forEach((input) => input.addEventListener("change", changed));
    const kept = draft.load();
    if (kept) {
      for (const slot of Object.keys(slots)) {
        if (Array.isArray(kept[slot])) slots[slot] = kept[slot].map(R.parseTile).filter(Boolean);
      }
      emptyFloor.checked = Boolean(kept.empty);
      if (Array.isArray(kept.ends)) [left.value, right.value] = kept.ends.map(String);
    }
    setTarget("hand");
    changed();
  };

  /* The referee's page: a whole round from its notation (/api/two-step/analyze), a move
     checked (/api/two-step/check) and a match added up (/api/two-step/match). The engine
     answers everything; the page only shows it. */
  /* `given`, `givenOptional`: a round's table (and its house rule) from the page's address
     (a saved round's "Two-Step round page" link, session 13), refereed in place of the
     table kept for the tab; or null. */
  /* `givenRounds`, `givenTarget`: a saved match's rounds and target from the address
     (web/results.py, session 14), or nulls. */
  Referee.twoStepRoundPage = function (example, given, givenOptional, givenRounds, givenTarget) {
    R.errorWords = [
      R.fieldWord("position", "The table"),
      R.fieldWord("move", "The move"),
      // Said after "The match cannot be added up: ", which names the field already
      // (session 11: "...added up: the rounds: a round is ...").
      [/(^|; )field 'rounds': /g, "$1"],
      R.fieldWord("target", "the points to play to"),
    ];
    const position = document.getElementById("round-position");
    const optional = document.getElementById("optional-plays");
    const answerBox = document.getElementById("round-answer");
    const status = document.getElementById("round-status");
    const checkInput = document.getElementById("check-move");
    const checkStatus = document.getElementById("check-status");
    const note = document.getElementById("round-note");
    let analysed = null;
    let analysedOptional = false; // the house rule the table was refereed under
    let added = null; // the match last added up: {rounds (the text sent), answer}
    // The move last checked on the table shown and the referee's answer, {move, legal,
    // reason}: saved with the table (session 13: it was not), null once the table changes.
    let checkAnswer = null;

    /* "Save this result": the table refereed (as the box takes it) and its answer; the
       match as the rounds box takes it ("1:5 feet 2:3"), its target in the answer. */
    const saveRound = R.saveButton(answerBox, () => {
      if (!analysed) return null;
      // Titled by the server from the answer (web/results.py title_of, session 12).
      const check = checkAnswer ? { check: checkAnswer } : {};
      return { game: "two-step", notation: analysed.position, answer: { ...analysed, optional_plays: analysedOptional, ...check } };
    });
    const saveMatch = R.saveButton(document.getElementById("two-step-match"), () => {
      if (!added) return null;
      return { game: "two-step", notation: added.rounds, answer: added.answer }; // titled by the server
    });

    function describe(result) {
      if (!result) return null;
      // The rule's own words (rules/two-step.txt; session 14: "neither player can finish").
      if (result.winner === null)
        return ["Two left feet", "the draw pile is empty and neither player can play to the dance floor: no points, the round is replayed"];
      const points = result.points[result.winner - 1];
      return [`Player ${result.winner} cleared their dance card`, `${points} point${points === 1 ? "" : "s"}`];
    }

    /* Only the latest table sent, and the latest move checked on the table shown, are
       answered on the page: an earlier one answering last showed as the current one
       (session 10). */
    const analyses = R.sequence();
    const checks = R.sequence();
    let checked = false; // the move in the box was answered (kept for a reload)

    async function analyse() {
      const ticket = analyses.next();
      if (!R.filled(position, "Write the table first, or use the example", status)) return;
      R.status(status, "Refereeing…", "busy");
      const optionalPlays = optional.checked;
      const { ok, data } = await R.post("/api/two-step/analyze", {
        position: position.value,
        optional_plays: optionalPlays,
      });
      if (!analyses.isLatest(ticket)) return;
      if (!ok) {
        // The last table refereed stays in sight, said to be that, and its moves can
        // still be checked (session 10: a typo hid it).
        R.status(status, data.error, "error");
        saveRound.show(false); // a refused table is never saved, nor the one it replaced
        if (analysed) {
          note.textContent = "This is the last table refereed, not the one written above.";
          note.hidden = false;
          answerBox.classList.add("stale");
        }
        return;
      }
      analysed = data;
      analysedOptional = optionalPlays;
      checkAnswer = null; // a move checked was checked on the table before
      keep();
      R.status(status, "");
      note.hidden = true;
      answerBox.classList.remove("stale");
      answerBox.hidden = false;
      saveRound.show(true);
      const over = describe(data.result);
      document.getElementById("round-title").textContent = over ? over[0] : `Player ${data.to_move} to move`;
      document.getElementById("round-detail").textContent = over
        ? over[1]
        : `${data.legal_moves.length} legal move${data.legal_moves.length === 1 ? "" : "s"}`;
      // Each tile kept on one line: at 360 px "1-2" broke after its hyphen (session 12).
      // One span a line: the list's items are flex rows, whose every child is a column.
      const unbroken = (line) =>
        line.split(/(\b\d{1,2}-\d{1,2}\b)/).map((part, i) => (i % 2 ? R.el("span", { class: "tile-text", text: part }) : part));
      document.getElementById("round-summary").replaceChildren(...data.summary.map((line) => R.el("li", {}, R.el("span", {}, ...unbroken(line)))));
      document.getElementById("round-moves").replaceChildren(
        ...(data.legal_moves.length
          ? data.legal_moves.map((move) =>
              R.el(
                "li",
                {},
                R.el("button", {
                  type: "button",
                  class: "button small",
                  text: move,
                  onclick: () => {
                    checkInput.value = move;
                    check();
                  },
                })
              )
            )
          : [R.el("li", { text: "none: the round is over" })])
      );
      R.status(checkStatus, "");
    }

    async function check() {
      if (!analysed) return;
      const ticket = checks.next();
      if (!R.filled(checkInput, "Write a move, like: play 3-4 hand left", checkStatus)) return;
      const asked = analysed;
      const { ok, data } = await R.post("/api/two-step/check", {
        position: asked.position,
        move: checkInput.value,
        optional_plays: optional.checked,
      });
      if (!checks.isLatest(ticket) || analysed !== asked) return; // another move or table since
      checked = true;
      keep();
      checkAnswer = ok ? { move: data.move, legal: data.legal, reason: data.reason } : null;
      // "Saved: result N" was said of the table without this check. A table refused since
      // keeps the save hidden: the last table refereed, still checked on, is not the one
      // written (session 13 review: a check brought the save back under it).
      saveRound.show(!answerBox.classList.contains("stale"));
      if (!ok) R.status(checkStatus, data.error, "error");
      else R.status(checkStatus, data.legal ? `Legal: ${data.move}` : `Not legal: ${data.reason}`, data.legal ? "ok" : "error");
    }

    async function addUp() {
      const list = document.getElementById("match-list");
      const matchStatus = document.getElementById("match-status");
      const box = document.getElementById("match-rounds");
      if (!R.filled(box, "Write the rounds, like: 1:5 feet 2:3", matchStatus)) return;
      // "1 : 5" is read by the engine itself (referee.two_step.parse_rounds), so an error's
      // column is that of the text as typed.
      const rounds = box.value;
      const { ok, data } = await R.post("/api/two-step/match", {
        rounds,
        target: document.getElementById("match-target").value,
      });
      if (!ok) {
        /* The rounds added up before stay shown (and the rounds typed stay in the box):
           an error loses nothing the player entered. */
        const before = list.children.length ? " (the rounds below are the last ones added up)" : "";
        R.status(matchStatus, `The match cannot be added up: ${data.error}${before}`, "error");
        saveMatch.show(false); // refused rounds are never saved, nor the ones they replaced
        return;
      }
      added = { rounds: rounds.trim().replace(/\s+/g, " "), answer: data };
      list.replaceChildren(
        ...data.rounds.map((round, index) => {
          const what =
            round.winner === null
              ? "two left feet, replayed"
              : `player ${round.winner} +${round.points[round.winner - 1]}${round.bonus ? " (with the bonus)" : ""}`;
          return R.el(
            "li",
            {},
            R.el("span", { class: "domain-name", text: `Round ${index + 1}` }),
            R.el("span", { class: "domain-sum", text: `${what} · ${round.scores.join("-")}` })
          );
        })
      );
      keep();
      const score = data.scores.join("-");
      // The winner's score first, as a saved match's title says it (session 14: "Player 2
      // wins 0-11" read as a loss).
      const won = () => {
        const other = data.scores.filter((_, index) => index !== data.winner - 1);
        return [data.scores[data.winner - 1], ...other].join("-");
      };
      const text = data.winner === null ? `No winner yet: ${score} (target ${data.target})` : `Player ${data.winner} wins ${won()}`;
      R.status(matchStatus, data.lemonade ? `${text}. ${data.lemonade}` : text, data.winner === null ? "" : "ok");
      saveMatch.show(true);
    }

    document.getElementById("round-analyse").addEventListener("click", analyse);
    // The example never takes the place of a table the player wrote: it is kept, and
    // "Back to my table" brings it back.
    const mineButton = document.getElementById("round-mine");
    let mine = null;
    document.getElementById("round-example").addEventListener("click", () => {
      if (position.value.trim() && position.value !== example) mine = position.value;
      mineButton.hidden = mine === null;
      position.value = example;
      analyse();
    });
    mineButton.addEventListener("click", () => {
      if (mine !== null) position.value = mine;
      mine = null;
      mineButton.hidden = true;
      analyse();
    });
    optional.addEventListener("change", () => analysed && analyse());
    document.getElementById("check-button").addEventListener("click", check);
    checkInput.addEventListener("keydown", (event) => event.key === "Enter" && check());
    document.getElementById("match-button").addEventListener("click", addUp);

    /* What was typed (the table, the rounds, the target, the variant), kept for the tab
       and answered again after a reload if it had been answered (session 11: a reload lost
       the round and the match). */
    const draft = R.draft("two-step.round");
    const roundsBox = document.getElementById("match-rounds");
    const targetBox = document.getElementById("match-target");
    // The move in "Check a move" is kept too, and checked again if it had been (session
    // 12: a reload emptied the box).
    const keep = () =>
      draft.save({
        position: position.value,
        optional: optional.checked,
        rounds: roundsBox.value,
        target: targetBox.value,
        analysed: Boolean(analysed),
        added: document.getElementById("match-list").children.length > 0,
        check: checkInput.value,
        checked,
      });
    [position, roundsBox, targetBox, optional].forEach((input) => {
      input.addEventListener("input", keep);
      input.addEventListener("change", keep);
    });
    checkInput.addEventListener("input", () => {
      checked = false;
      keep();
    });
    if (R.given(given)) {
      // As on the Domineering page: written in the table's box and refereed as written (a
      // refused one stays there with its error).
      position.value = given;
      optional.checked = Boolean(givenOptional);
      analyse();
      return;
    }
    if (R.given(givenRounds)) {
      // A saved match: its rounds and target written in the match's boxes and added up
      // as if typed (session 14: the link opened an empty page).
      roundsBox.value = givenRounds;
      const odd = typeof givenTarget === "string" && givenTarget !== "" && !/^\d{1,4}$/.test(givenTarget);
      if (typeof givenTarget === "string" && /^\d{1,4}$/.test(givenTarget)) targetBox.value = givenTarget;
      keep();
      // A target the address gives that is none is said, in the API's words, and the
      // rounds are added up to the one in the box (session 15: -3 became 10 silently).
      const refused = odd
        ? R.post("/api/two-step/match", { rounds: givenRounds, target: givenTarget }).then(({ ok, data }) =>
            ok ? "" : `The target in the address is refused (${data.error}): the match is played to ${targetBox.value}.`
          )
        : Promise.resolve("");
      refused.then(async (said) => {
        await addUp();
        const matchStatus = document.getElementById("match-status");
        if (said) R.status(matchStatus, `${said} ${matchStatus.textContent}`.trim(), "error");
      });
      return;
    }
    const kept = draft.load();
    if (kept && typeof kept.position === "string") {
      position.value = kept.position;
      optional.checked = Boolean(kept.optional);
      roundsBox.value = typeof kept.rounds === "string" ? kept.rounds : "";
      checkInput.value = typeof kept.check === "string" ? kept.check : "";
      if (kept.target) targetBox.value = String(kept.target);
      if (kept.analysed && position.value.trim()) {
        analyse().then(() => {
          if (kept.checked && analysed && checkInput.value.trim()) check();
        });
      }
      if (kept.added && roundsBox.value.trim()) addUp();
    }
  };
})();
