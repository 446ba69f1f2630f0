/* The totals over the rounds as a line chart (history page and a stored match's page). */
"use strict";
const UNO_CHART = (() => {
  const { element } = UNO;
  const SVG = "http://www.w3.org/2000/svg";
  // Line styles differ as well as colours, so lines stay apart without colour vision.
  const STYLES = [["#ffd23f", ""], ["#5ab0ff", "6 3"], ["#ff6b6b", "2 3"], ["#5ad17a", "10 3 2 3"],
                  ["#d08cff", "1 2"], ["#ff9f43", "8 2 2 2"], ["#ffffff", "4 4"], ["#48dbfb", "12 4"],
                  ["#ff9ff3", "3 1"], ["#c8d6e5", "6 2 1 2"]];

  function svgNode(tag, attributes) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    return node;
  }

  function render(chart, legend, rounds) {
    const width = 360, height = 200, pad = 28;
    const series = rounds.players.map((_, index) => [0, ...rounds.rows.map((row) => row.totals[index])]);
    const top = Math.max(rounds.target || 0, ...series.flat(), 1);
    const steps = Math.max(rounds.rows.length, 1);
    const x = (i) => pad + (i * (width - pad - 8)) / steps;
    const y = (value) => height - pad - (value * (height - pad - 10)) / top;
    const nodes = [svgNode("line", { x1: pad, y1: y(0), x2: width - 8, y2: y(0), stroke: "#556" })];
    if (rounds.target) {
      nodes.push(svgNode("line", { x1: pad, y1: y(rounds.target), x2: width - 8, y2: y(rounds.target),
                                   stroke: "#a8b3bd", "stroke-dasharray": "2 4" }));
      const label = svgNode("text", { x: 2, y: y(rounds.target) + 4, fill: "#a8b3bd", "font-size": 10 });
      label.textContent = rounds.target;
      nodes.push(label);
    }
    rounds.rows.forEach((row, index) => {  // round numbers along the bottom
      const label = svgNode("text", { x: x(index + 1), y: height - 8, fill: "#a8b3bd", "font-size": 10,
                                      "text-anchor": "middle" });
      label.textContent = row.round;
      nodes.push(label);
    });
    series.forEach((values, index) => {
      const [colour, dash] = STYLES[index % STYLES.length];
      nodes.push(svgNode("polyline", { fill: "none", stroke: colour, "stroke-width": 2.5,
        "stroke-dasharray": dash, points: values.map((v, i) => x(i) + "," + y(v)).join(" ") }));
    });
    chart.replaceChildren(...nodes);
    legend.replaceChildren(...rounds.players.map((name, index) => {
      const [colour, dash] = STYLES[index % STYLES.length];
      const sample = svgNode("svg", { width: 28, height: 10 });
      sample.append(svgNode("line", { x1: 0, y1: 5, x2: 28, y2: 5, stroke: colour, "stroke-width": 3,
                                      "stroke-dasharray": dash }));
      return element("span", {}, sample, " " + name);
    }));
  }

  return { render, STYLES, svgNode };
})();
