/* Host page: log in with the token, correct the game, set up the next one. */
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const { element, labels, post } = UNO;
  let data;
  const command = async (url, body) => { try { await post(url, body); } catch (error) { /* shown */ } };

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

  function startHost() {
    $("undo").addEventListener("click", () => command("/api/undo", {}));
    $("logout").addEventListener("click", async () => {
      await command("/api/logout", {});
      await swapPage(document.querySelector('meta[name="csrf-token"]').content);
    });
    // The player field follows whose turn it is, until the host picks someone by hand.
    for (const select of document.querySelectorAll(".seat-select"))
      select.addEventListener("change", () => { select.dataset.picked = "yes"; });
    $("event-type").addEventListener("change", showFields);
    $("event-form").addEventListener("submit", (event) => {
      event.preventDefault();
      command("/api/events", { event: eventFromForm() });
    });
    $("fix-card").addEventListener("click", () => command("/api/correct", { card: $("event-card").value }));
    $("add-seat").addEventListener("click", () => addSeat(""));
    for (const button of document.querySelectorAll(".preset")) {
      button.addEventListener("click", () => {
        const preset = data.options.presets.find((p) => p.id === button.dataset.preset);
        for (const [name, value] of Object.entries(preset.options)) setOption(name, value);
      });
    }
    $("save-setup").addEventListener("click", async () => {
      try {
        await post("/api/setup", setupFromForm());
        $("save-setup").textContent = "✓ " + labels.saved;
      } catch (error) { /* shown */ }
    });
    $("setup-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      try { await post("/api/setup", Object.assign(setupFromForm(), { start: true })); location.href = "/"; }
      catch (error) { /* shown */ }
    });
    // Start from the saved setup, else from the game being played.
    const next = data.next || { players: UNO.view.players.map((p) => p.name), options: {} };
    (next.players.length ? next.players : ["", ""]).forEach(addSeat);
    if (next.dealer !== undefined && next.dealer !== null) $("dealer").value = next.dealer;
    if (next.mode) $("mode").value = next.mode;
    for (const [name, value] of Object.entries(next.options || {})) setOption(name, value);
    showFields();
    showView(UNO.view);
  }

  // -- corrections ------------------------------------------------------------------------------
  function showView(view) {
    showQuestions(view.questions);
    fillSeatSelects(view.players, view.turn);
    $("now-turn").textContent = (view.top ? view.top.name + " · " : "") + view.status.phase_text;
    $("now-last").textContent = view.recent[0] || "–";
  }

  // An unsure source (the camera) asks; a candidate answers with the event it stands for.
  function showQuestions(questions) {
    $("host-questions").replaceChildren(...questions.map((question) => {
      const buttons = question.candidates.map((card) => {
        const button = element("button", { type: "button", class: "primary" }, card.name);
        button.addEventListener("click", () => command("/api/events", {
          event: { type: "play", seat: question.seat, card: card.id }, answers: question.id }));
        return button;
      });
      const dismiss = element("button", { type: "button" }, labels.dismiss);
      dismiss.addEventListener("click", () => command("/api/dismiss", { question: question.id }));
      return element("div", { class: "banner ask", "data-question": question.id },
        element("p", {}, question.text), element("div", { class: "row-buttons" }, ...buttons, dismiss));
    }));
  }

  function fillSeatSelects(players, turn) {
    for (const select of document.querySelectorAll(".seat-select")) {
      const chosen = select.value;
      select.replaceChildren(...players.map((player) =>
        element("option", { value: player.seat }, (player.seat + 1) + " · " + player.name)));
      if (select.dataset.picked && chosen) select.value = chosen;
      else if (turn && select.id === "event-seat") select.value = turn.seat;
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

  function showFields() {
    const wanted = $("event-type").selectedOptions[0].dataset.fields.split(" ");
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
      points: () => [...$("event-points").querySelectorAll("input")].map((input) => input.value.trim() || "0"),
    };
    for (const field of kind.dataset.fields.split(" ")) if (read[field]) event[field] = read[field]();
    return event;
  }

  // -- the next game ----------------------------------------------------------------------------
  function addSeat(name) {
    const input = element("input", { class: "seat-name", maxlength: 24, autocomplete: "off",
                                     placeholder: labels.player_name });
    input.value = name || "";
    const remove = element("button", { type: "button", "aria-label": labels.remove }, "✕");
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

  function setOption(name, value) {
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
