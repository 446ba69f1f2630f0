/* The live win chances: a bar per player (scoreboard) and this round's line chart (history).
   The numbers come from the table's estimate for one version of the game; when the game has
   moved on since, they are shown dimmed as "updating…" until the next estimate arrives. */
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const { element } = UNO;
  const data = JSON.parse($("chances-data").textContent);
  const labels = data.labels;
  let chances = data.chances;
  const percent = (p) => Math.round(p * 100) + "%";
  const margin = (se) => "± " + Math.round(196 * se) + "%";   // a 95 % interval around the share

  function render() {
    const fresh = chances.version === UNO.version;
    if ($("chances")) renderBars(fresh);
    if ($("chances-chart")) renderChart(fresh);
  }

  function note(fresh) {
    return fresh ? labels.playouts.replace("%(count)s", chances.playouts) : labels.updating;
  }

  function renderBars(fresh) {
    const section = $("chances");
    section.hidden = !chances.shown;
    if (!chances.shown) return;
    section.classList.toggle("stale", !fresh);
    section.setAttribute("aria-busy", String(!fresh));
    $("chances-note").textContent = note(fresh);
    $("chance-bars").replaceChildren(...chances.players.map((player) => {
      const fill = element("span", { class: "fill" });
      fill.style.width = player.round === null ? "0" : (player.round * 100).toFixed(1) + "%";
      const match = player.match === null ? "—" : percent(player.match) + " " + margin(player.match_se);
      return element("li", { class: "chance", "data-seat": player.seat },
        element("span", { class: "name" }, player.name),
        element("span", { class: "meter", role: "meter", "aria-valuemin": 0, "aria-valuemax": 100,
                          "aria-valuenow": player.round === null ? 0 : Math.round(player.round * 100),
                          "aria-label": labels.round + " " + player.name }, fill),
        element("span", { class: "round-chance" }, player.round === null ? "—" : percent(player.round)),
        element("span", { class: "match-chance muted" }, labels.match + " " + match));
    }));
  }

  function renderChart(fresh) {
    const section = $("chances-history");
    section.hidden = !chances.shown;
    if (!chances.shown) return;
    section.classList.toggle("stale", !fresh);
    $("chances-chart-note").textContent = note(fresh);
    const { STYLES, svgNode } = UNO_CHART;
    const width = 360, height = 200, pad = 28;
    const series = chances.series;
    const last = Math.max(1, ...series.map((point) => point.step));
    const x = (step) => pad + (step * (width - pad - 8)) / last;
    const y = (share) => height - pad - share * (height - pad - 10);
    const nodes = [];
    for (const share of [0, 0.5, 1]) {  // 0, 50 and 100 %
      nodes.push(svgNode("line", { x1: pad, y1: y(share), x2: width - 8, y2: y(share),
                                   stroke: share ? "#445" : "#556", "stroke-dasharray": share ? "2 4" : "" }));
      const label = svgNode("text", { x: 2, y: y(share) + 4, fill: "#a8b3bd", "font-size": 10 });
      label.textContent = percent(share);
      nodes.push(label);
    }
    chances.players.forEach((player) => {
      const [colour, dash] = STYLES[player.seat % STYLES.length];
      const points = series.map((point) => x(point.step) + "," + y(point.round[player.seat]));
      nodes.push(svgNode("polyline", { fill: "none", stroke: colour, "stroke-width": 2.5, "stroke-dasharray": dash,
                                       "data-seat": player.seat, points: points.join(" ") }));
    });
    $("chances-chart").replaceChildren(...nodes);
    $("chances-legend").replaceChildren(...chances.players.map((player) => {
      const [colour, dash] = STYLES[player.seat % STYLES.length];
      const sample = svgNode("svg", { width: 28, height: 10 });
      sample.append(svgNode("line", { x1: 0, y1: 5, x2: 28, y2: 5, stroke: colour, "stroke-width": 3,
                                      "stroke-dasharray": dash }));
      const now = player.round === null ? "—" : percent(player.round);
      return element("span", { "data-seat": player.seat }, sample, " " + player.name + " " + now);
    }));
  }

  UNO.onMessage("chances", (message) => { chances = message; render(); });
  UNO.onView(render);
})();
