/* History: points per round with running totals, a chart of the totals, this round's events. */
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const { element } = UNO;
  function renderTable(rounds) {
    const head = element("tr", {}, element("th", {}, rounds.round_label),
                         ...rounds.players.map((name) => element("th", {}, name)));
    $("rounds").tHead.replaceChildren(head);
    const rows = [];
    for (const row of rounds.rows) {
      rows.push(element("tr", {}, element("td", {}, row.round),
                        ...row.points.map((points) => element("td", {}, points))));
    }
    const last = rounds.rows[rounds.rows.length - 1];
    if (last) rows.push(element("tr", { class: "totals" }, element("td", {}, rounds.total_label),
                                ...last.totals.map((total) => element("td", {}, total))));
    $("rounds").tBodies[0].replaceChildren(...rows);
    $("no-rounds").hidden = rounds.rows.length > 0;
  }

  UNO.onView((view) => {
    renderTable(view.rounds);
    UNO_CHART.render($("chart"), $("legend"), view.rounds);
    $("round-events").replaceChildren(...view.round_events.map((text) => element("li", {}, text)));
  });
})();
