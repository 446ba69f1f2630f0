/* The winner screen at the end of a match: names, final scores, the chart of the rounds and,
   for the host, "play again with the same rules" (the rules of the match just played). */
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const { element, post } = UNO;

  function render(view) {
    const box = $("winner"), winner = view.status.winner;
    if (!box) return;  // a viewer's host page (the token form)
    box.hidden = winner === null || winner === undefined;
    document.body.classList.toggle("match-over", !box.hidden);
    if (box.hidden) return;
    $("winner-title").textContent = view.status.banner;
    const order = [view.players[winner], ...view.players.filter((p) => p.seat !== winner)];
    $("winner-scores").replaceChildren(...order.map((player) =>
      element("li", { class: player.seat === winner ? "top" : "" },
              element("span", { class: "name" }, (player.seat === winner ? "★ " : "") + player.name),
              element("b", { class: "score" }, player.score))));
    UNO_CHART.render($("winner-chart"), $("winner-legend"), view.rounds);
  }

  // Delegated: the host page swaps its content on logging in.
  document.addEventListener("click", async (event) => {
    const again = event.target.closest("#play-again");
    if (!again) return;
    again.disabled = true;
    try {
      const setup = (await (await fetch("/api/state", { credentials: "same-origin" })).json()).state.setup;
      await post("/api/setup", { players: setup.players, mode: setup.mode, language: setup.language,
                                 options: setup.options, dealer: null, start: true });
    } catch (error) { /* shown */ } finally { again.disabled = false; }
  });
  UNO.onView(render);
})();
