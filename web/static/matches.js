/* One stored match: its totals as a chart; the host continues it at the table (then the scoreboard). */
"use strict";
(() => {
  const data = document.getElementById("chart-data");
  if (data) UNO_CHART.render(document.getElementById("chart"), document.getElementById("legend"),
                             JSON.parse(data.textContent));
  const button = document.getElementById("reopen");
  if (!button) return;
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await UNO.post(`/api/matches/${button.dataset.match}/reopen`, {});
      window.location.assign("/");
    } catch (error) {
      button.disabled = false;  // the message box says why (over, unreadable...)
    }
  });
})();
