/* Host page: log in with the token; three views: "Now" (what the table waits for, questions,
   catch and penalty), "Fix a mistake" (undo, the last card, any event by hand), "Next game". */
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const { element, labels, post } = UNO;
  let data;
  const command = async (url, body) => { try { return await post(url, body); } catch (error) { return null; } };
  const say = (id, text) => { $(id).textContent = text || ""; $(id).hidden = !text; };

  function start() {
    data = JSON.parse($("setup-data").textContent);
    if ($("login")) startLogin(); else startHost();
  }

  // Logging in or out swaps the page's content for the server's new one: no reload.
  async function swapPage(csrf) {
    const html = await (await fetch("/setup", { credentials: "same-origin" })).text();
    const fresh = new DOMParser().parseFromString(html, "text/html");
    document.querySelector('meta[name="csrf-token"]').content = csrf;
    $("page").replaceWith(document.adoptNode(fresh.getElementById("page")));
    $("setup-data").textContent = fresh.getElementById("setup-data").textContent;
    start();
    UNO.refresh();
  }

  function startLogin() {
    $("login").addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        const answer = await post("/api/login", { token: $("token").value.trim() });
        await swapPage(answer.csrf);
      } catch (error) { /* shown */ }
    });
  }

  // -- the three views: one at a time, remembered in the address (#now, #fix, #next) -----------
  function showHostView(name) {
    if (!["now", "fix", "next"].includes(name)) name = "now";
    for (const tab of document.querySelectorAll(".views [data-view]")) {
      tab.setAttribute("aria-selected", tab.dataset.view === name ? "true" : "false");
      $("view-" + tab.dataset.view).hidden = tab.dataset.view !== name;
    }
  }

  function startHost() {
    for (const tab of document.querySelectorAll(".views [data-view]"))
      tab.addEventListener("click", () => { history.replaceState(null, "", "#" + tab.dataset.view); showHostView(tab.dataset.view); });
    showHostView(location.hash.slice(1));
    $("logout").addEventListener("click", async () => {
      await command("/api/logout", {});
      await swapPage(document.querySelector('meta[name="csrf-token"]').content);
    });
    // The player fields follow whose turn it is, until the host picks someone by hand.
    for (const select of document.querySelectorAll(".seat-select"))
      select.addEventListener("change", () => { select.dataset.picked = "yes"; });
    $("penalty-form").addEventListener("submit", (event) => {
      event.preventDefault();
      command("/api/events", { event: { type: "penalty", seat: Number($("penalty-seat").value),
                                        reason: $("penalty-reason").value } });
    });
    startFixes();
    startNextGame();
    showView(UNO.view);
  }

  // -- now ----------------------------------------------------------------------------------------
  function showView(view) {
    const over = view.status.winner !== null && view.status.winner !== undefined;
    $("now").hidden = over;
    $("now-turn").textContent = view.turn ? view.turn.text : view.status.phase_text;
    $("now-waiting").textContent = [view.turn ? view.status.waiting_text : "", view.top ? view.top.name : ""]
      .filter(Boolean).join(" · ");
    showQuestions(view.questions);
    showCatches(view.players, view.turn);
    fillSeatSelects(view.players, view.turn);
    showFixes(view.fix);
  }

  function cardTile(card, onClick) {
    const tile = element("button", { type: "button", class: "card tile c-" + (card.colour || "none"),
                                     "data-card": card.id, "aria-label": card.name },
                         element("span", { class: "face" }, card.face), element("span", { class: "small" }, card.name));
    tile.addEventListener("click", onClick);
    return tile;
  }

  // An unsure source (the camera) asks; a card answers with the event it stands for.
  function showQuestions(questions) {
    const open = new Set(questions.map((q) => String(q.id)));
    const box = $("host-questions");
    for (const node of box.querySelectorAll("[data-question]")) if (!open.has(node.dataset.question)) node.remove();
    for (const question of questions) {
      if (box.querySelector(`[data-question="${question.id}"]`)) continue;  // keep a picker's choice
      const answer = (card) => command("/api/events", { answers: question.id, event: question.kind === "start_card"
          || question.seat === null || question.seat === undefined ? { type: "start_card", card } : { type: "play", seat: question.seat, card } });
      const tiles = question.candidates.map((card) => cardTile(card, () => answer(card.id)));
      const picker = element("select", { class: "other-card", "aria-label": labels.another_card },
        element("option", { value: "" }, labels.another_card),
        ...data.options.cards.map((card) => element("option", { value: card.id }, card.name)));
      picker.addEventListener("change", () => { if (picker.value) answer(picker.value); });
      const dismiss = element("button", { type: "button", class: "dismiss" }, labels.dismiss);
      dismiss.addEventListener("click", () => command("/api/dismiss", { question: question.id }));
      box.append(element("div", { class: "banner ask", "data-question": question.id },
        element("p", {}, question.text), element("div", { class: "tiles" }, ...tiles),
        element("div", { class: "row-buttons" }, picker, dismiss)));
    }
  }

  // A player down to one card without calling UNO may be caught (the engine marks them).
  function showCatches(players, turn) {
    $("catches").replaceChildren(...players.filter((p) => p.catchable).map((player) => {
      const catcher = turn && turn.seat !== player.seat ? turn.seat : (player.seat + 1) % players.length;
      const button = element("button", { type: "button", class: "primary catch", "data-target": player.seat },
                             labels.catch_player.replace("%(name)s", player.name));
      button.addEventListener("click", () => command("/api/events",
        { event: { type: "catch", seat: catcher, target: player.seat } }));
      return button;
    }));
  }

  function fillSeatSelects(players, turn) {
    for (const select of document.querySelectorAll(".seat-select")) {
      const chosen = select.value;
      select.replaceChildren(...players.map((player) =>
        element("option", { value: player.seat }, (player.seat + 1) + " · " + player.name)));
      if (select.dataset.picked && chosen && Number(chosen) < players.length) select.value = chosen;
      else if (turn && select.id !== "event-target") select.value = turn.seat;
    }
    const points = $("event-points");
    const kept = new Map([...points.querySelectorAll("input")].map((input) => [input.dataset.seat, input.value]));
    points.querySelectorAll(".field").forEach((node) => node.remove());
    for (const player of players) {
      const input = element("input", { "data-seat": player.seat, id: "points-" + player.seat,
                                       placeholder: "0", autocomplete: "off" });
      input.value = kept.get(String(player.seat)) || "";
      points.append(element("div", { class: "field" },
        element("label", { for: "points-" + player.seat }, player.name), input));
    }
  }

  // -- fix a mistake: each step says what it will change, as the table tells it ----------------
  let confirming = null;
  function showFixes(fix) {
    fix = fix || {};
    $("undo-text").textContent = fix.undo || "";
    $("undo-preview").hidden = !fix.undo;
    $("undo-nothing").hidden = Boolean(fix.undo);
    $("undo").disabled = !fix.undo;
    if (confirming !== null && confirming !== fix.undo) cancelUndo();  // the game moved on
    $("fix-text").textContent = fix.card || "";
    $("fix-preview").hidden = !fix.card;
    $("fix-nothing").hidden = Boolean(fix.card);
    $("fix-card").disabled = !fix.card;
  }

  function cancelUndo() { confirming = null; $("undo-confirm").hidden = true; $("undo-ask").hidden = false; }

  function startFixes() {
    $("undo").addEventListener("click", () => {
      confirming = UNO.view.fix && UNO.view.fix.undo;
      if (!confirming) return;
      $("undo-confirm-text").textContent = confirming;
      $("undo-confirm").hidden = false; $("undo-ask").hidden = true; $("undo-done").hidden = true;
    });
    $("undo-no").addEventListener("click", cancelUndo);
    $("undo-yes").addEventListener("click", async () => {
      const taken = confirming;
      cancelUndo();
      if (await command("/api/undo", {})) { $("undo-done-text").textContent = taken; $("undo-done").hidden = false; }
    });
    $("fix-card").addEventListener("click", async () => {
      const before = UNO.view.fix && UNO.view.fix.card;
      const answer = await command("/api/correct", { card: $("fix-card-choice").value });
      say("fix-done", answer ? labels.fixed + " " + (answer.view.fix.card || before) : "");
    });
    $("event-type").addEventListener("change", showFields);
    $("event-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      const answer = await command("/api/events", { event: eventFromForm() });
      say("event-done", answer ? labels.entered + " " + (answer.view.recent[0] || "") : "");
    });
    showFields();
  }

  function showFields() {
    const kind = $("event-type").selectedOptions[0];
    const wanted = kind.dataset.fields.split(" ");
    $("event-rule").textContent = kind.dataset.rule || "–";
    for (const node of document.querySelectorAll("#event-form [data-field]"))
      node.hidden = !wanted.includes(node.dataset.field);
  }

  function eventFromForm() {
    const kind = $("event-type").selectedOptions[0];
    const event = { type: kind.value };
    const read = {
      seat: () => Number($("event-seat").value), target: () => Number($("event-target").value),
      slowest: () => Number($("event-slowest").value),
      card: () => $("event-card").value, colour: () => $("event-colour").value,
      count: () => Number($("event-count").value), reason: () => $("event-reason").value,
      wd4_was_legal: () => $("event-legal").value === "true",
      hand_size: () => Number($("event-hand").value),
      cards: () => $("event-cards").value.split(/[\s,]+/).filter(Boolean),
      points: () => [...$("event-points").querySelectorAll("input")].map((input) => input.value.trim() || "0"),
    };
    for (const field of kind.dataset.fields.split(" ")) if (read[field]) event[field] = read[field]();
    return event;
  }

  // -- the next game: from the saved setup, else the match at the table --------------------------
  function startNextGame() {
    editionDefaults = data.options.edition_defaults;
    editionOptions = Object.assign({}, editionDefaults);
    $("add-seat").addEventListener("click", () => addSeat(""));
    for (const button of document.querySelectorAll(".preset")) {
      button.addEventListener("click", () => {
        const preset = data.options.presets.find((p) => p.id === button.dataset.preset);
        for (const [name, value] of Object.entries(preset.options))  // a classic preset keeps the edition
          if (!(name in editionDefaults) || value !== editionDefaults[name]) setOption(name, value);
      });
    }
    $("edition").addEventListener("change", () => {
      const chosen = data.options.editions.find((e) => e.id === $("edition").value);
      Object.assign(editionOptions, chosen.options);
      showEdition();
    });
    showEdition();
    $("save-setup").addEventListener("click", async () => {
      if (await command("/api/setup", setupFromForm())) $("save-setup").textContent = "✓ " + labels.saved;
    });
    $("setup-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      if (await command("/api/setup", Object.assign(setupFromForm(), { start: true }))) {
        history.replaceState(null, "", "#now");
        showHostView("now");
      }
    });
    const next = data.next || { players: UNO.view.players.map((p) => p.name), options: {} };
    (next.players.length ? next.players : ["", ""]).forEach(addSeat);
    if (next.dealer !== undefined && next.dealer !== null) $("dealer").value = next.dealer;
    if (next.mode) $("mode").value = next.mode;
    if (next.language) $("table-language").value = next.language;
    for (const [name, value] of Object.entries(next.options || {})) setOption(name, value);
  }

  function addSeat(name) {
    const input = element("input", { class: "seat-name", maxlength: 24, autocomplete: "off",
                                     placeholder: labels.player_name });
    input.value = name || "";
    const remove = element("button", { type: "button", class: "remove-seat", "aria-label": labels.remove }, "✕");
    const row = element("div", { class: "seat" }, element("span", {}, ""), input, remove);
    remove.addEventListener("click", () => { row.remove(); numberSeats(); });
    input.addEventListener("input", numberSeats);
    $("seats").append(row);
    numberSeats();
  }

  function numberSeats() {
    const names = [...document.querySelectorAll(".seat-name")].map((input, index) => {
      input.parentNode.firstChild.textContent = index + 1;
      return input.value.trim() || labels.seat + " " + (index + 1);
    });
    const dealer = $("dealer"), chosen = dealer.value;
    dealer.replaceChildren(element("option", { value: "" }, labels.draw_for_dealer),
      ...names.map((name, index) => element("option", { value: index }, (index + 1) + " · " + name)));
    if (chosen !== "" && Number(chosen) < names.length) dealer.value = chosen;
  }

  // The edition (classic, UNO Junior ...) is the few options it sets, chosen together.
  let editionDefaults = {}, editionOptions = {};   // set from the page's data (startNextGame)
  function showEdition() {
    const same = (e) => Object.keys(editionDefaults).every((name) => e.options[name] === editionOptions[name]);
    const chosen = data.options.editions.find(same) || data.options.editions[0];
    $("edition").value = chosen.id;
    $("edition-help").textContent = chosen.help;
  }

  function setOption(name, value) {
    if (name in editionDefaults) { editionOptions[name] = value; showEdition(); return; }
    const input = $("opt-" + name);
    if (!input) return;
    if (input.type === "checkbox") input.checked = Boolean(value);
    else if (input.tagName === "SELECT") input.value = JSON.stringify(value);
    else input.value = value;
  }

  function setupFromForm() {
    const options = {};
    for (const node of document.querySelectorAll(".option")) {
      const input = $("opt-" + node.dataset.option);
      if (input.disabled) continue;
      options[node.dataset.option] = input.type === "checkbox" ? input.checked
        : input.tagName === "SELECT" ? JSON.parse(input.value) : Number(input.value);
    }
    Object.assign(options, editionOptions);
    const dealer = $("dealer").value;
    return {
      players: [...document.querySelectorAll(".seat-name")].map((input, index) =>
        input.value.trim() || labels.seat + " " + (index + 1)),
      dealer: dealer === "" ? null : Number(dealer),
      mode: $("mode").value, language: $("table-language").value, options,
    };
  }

  UNO.onView((view) => { if ($("now-turn")) showView(view); });
  start();
})();
