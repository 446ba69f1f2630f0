/* One stored match: the host continues it at the table (the page then shows the scoreboard). */
"use strict";
(() => {
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
