/* The scoreboard: renders the live view (see docs/web.md, "The view"). */
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const { element, labels } = UNO;

  function renderCard(card) {
    const box = $("top-card");
    box.className = "card c-" + (card ? card.colour || "none" : "empty");
    box.querySelector(".face").textContent = card ? card.face : "?";
    box.querySelector(".small").textContent = card ? card.name : labels.no_card;
    box.setAttribute("aria-label", card ? card.name : labels.no_card);
  }

  function renderColour(colour) {
    const chip = $("colour");
    chip.hidden = !colour;
    if (!colour) return;
    chip.querySelector(".swatch").className = "swatch c-" + colour.id;
    chip.querySelector(".text").textContent = colour.symbol + " " + colour.name;
    chip.style.borderColor = "var(--" + colour.id + ")";
  }

  function renderSide(side) {  // E4 UNO Flip: the side in play
    const chip = $("side");
    chip.hidden = !side;
    if (!side) return;
    chip.textContent = side.text;
    chip.dataset.side = side.id;
  }

  function renderPlayers(players) {
    const list = $("players");
    list.replaceChildren(...players.map((player) => {
      const meta = element("div", { class: "meta" },
        player.current ? element("span", { class: "badge now" }, labels.turn) : null,
        element("span", { class: "badge" }, labels.seat + " " + (player.seat + 1)),
        player.hand === null ? null : element("span", { class: "badge hand" }, player.hand_text),
        player.uno ? element("span", { class: "badge uno" }, player.uno_text || "UNO!") : null,
        player.catchable ? element("span", { class: "badge catch" }, player.catch_text || labels.catchable) : null,
        player.dealer ? element("span", { class: "badge" }, labels.dealer) : null,
        player.pending ? element("span", { class: "badge" }, player.pending_text) : null);
      const bar = element("div", { class: "progress", role: "progressbar", "aria-valuemin": 0,
        "aria-valuemax": 100, "aria-valuenow": Math.round(player.progress * 100) },
        element("span", { style: "width:" + Math.round(player.progress * 100) + "%" }));
      return element("li", { class: "player" + (player.current ? " current" : ""), "data-seat": player.seat },
        element("div", { class: "row" }, element("span", { class: "name" }, player.name),
                element("span", { class: "score" }, player.score)),
        meta, bar);
    }));
  }

  UNO.onView((view) => {
    const status = view.status;
    $("round-line").textContent = status.round_text;
    $("phase").hidden = !status.banner;
    $("phase").textContent = status.banner || "";
    $("turn-name").textContent = view.turn ? view.turn.text : status.phase_text;
    $("waiting").textContent = view.turn ? status.waiting_text : "";
    $("direction").hidden = !view.turn;
    $("direction").textContent = view.turn ? view.turn.direction_text : "";
    renderCard(view.top);
    renderColour(view.colour);
    renderSide(view.side);
    $("pending").hidden = !view.pending;
    $("pending").textContent = view.pending ? view.pending.text : "";
    $("draws").replaceChildren(...(view.draws || []).map((draw) =>  // the engine's reason for each
      element("span", { class: "chip" }, draw.text)));
    renderPlayers(view.players);
    $("questions").replaceChildren(...view.questions.map((question) =>
      element("p", { class: "banner ask" }, labels.waiting_for_host + " " + question.text)));
    $("recent").replaceChildren(...view.recent.map((text) => element("li", {}, text)));
  });
})();
