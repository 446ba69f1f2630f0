/* The live connection every page shares: a full snapshot on connect, then changes.
   Reconnects by itself when the stream drops or the phone wakes up (iOS silently
   drops the streams of sleeping pages), and shows whether the page is live. */
"use strict";
const UNO = (() => {
  const initial = JSON.parse(document.getElementById("initial").textContent);
  const labels = initial.labels;
  const listeners = [];
  const named = {};  // listeners of the stream's other messages by name (e.g. "chances")
  const live = document.getElementById("live");
  const messageBox = document.getElementById("message");
  let view = initial.view, version = initial.version;
  let source = null, lastSeen = 0, retryTimer = null, retryDelay = 1000;
  const STALE_MS = 25000;  // the server pings every 10 s
  const GONE_MS = 3000;    // no answer this long: say so plainly and hide the stale game
  let goneTimer = null;

  function notify() { listeners.forEach((listener) => listener(view, version)); }
  function status(on, text) {
    live.classList.toggle("on", on); live.textContent = text;
    if (on) { clearTimeout(goneTimer); goneTimer = null; document.body.classList.remove("gone"); }
    else if (goneTimer === null) goneTimer = setTimeout(() => document.body.classList.add("gone"), GONE_MS);
  }
  function showMessage(text) { messageBox.textContent = text || ""; messageBox.hidden = !text; }

  function connect() {
    clearTimeout(retryTimer);
    if (source) source.close();
    source = new EventSource("/api/stream");
    lastSeen = Date.now();
    source.addEventListener("snapshot", (message) => {
      const data = JSON.parse(message.data);
      view = data.view; version = data.version; lastSeen = Date.now(); retryDelay = 1000;
      status(true, labels.live); showMessage(""); notify();
    });
    source.addEventListener("change", (message) => {
      const data = JSON.parse(message.data);
      lastSeen = Date.now();
      if (data.base !== version) { connect(); return; }  // not built on what we hold: fresh snapshot
      view = Object.assign({}, view, data.view); version = data.version; notify();
    });
    source.addEventListener("ping", () => { lastSeen = Date.now(); });
    for (const [name, handlers] of Object.entries(named)) source.addEventListener(name, (message) => {
      lastSeen = Date.now();
      const data = JSON.parse(message.data);
      handlers.forEach((handler) => handler(data));
    });
    source.addEventListener("full", (message) => {
      status(false, labels.offline); showMessage(JSON.parse(message.data).error);
    });
    source.onerror = () => {
      status(false, labels.reconnecting);
      if (source.readyState === EventSource.CLOSED) {  // the browser gave up: we retry
        retryTimer = setTimeout(connect, retryDelay);
        retryDelay = Math.min(retryDelay * 2, 15000);
      }
    };
  }

  function stale() { return !source || source.readyState === EventSource.CLOSED || Date.now() - lastSeen > STALE_MS; }
  setInterval(() => { if (stale()) connect(); }, 5000);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && (stale() || Date.now() - lastSeen > 12000)) connect();
  });
  window.addEventListener("pageshow", (event) => { if (event.persisted) connect(); });
  window.addEventListener("online", () => { if (stale()) connect(); });

  async function post(url, body) {
    showMessage("");
    const response = await fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json",
                 "X-CSRF-Token": document.querySelector('meta[name="csrf-token"]').content },
      body: JSON.stringify(body || {}),
    });
    let data = {};
    try { data = await response.json(); } catch (error) { data = { error: response.statusText }; }
    if (!response.ok) { showMessage(data.error || response.statusText); throw new Error(data.error); }
    return data;
  }

  function element(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes || {})) {
      if (key === "class") node.className = value; else node.setAttribute(key, value);
    }
    for (const child of children) if (child !== null && child !== undefined)
      node.append(child instanceof Node ? child : String(child));
    return node;
  }

  document.addEventListener("DOMContentLoaded", () => { notify(); connect(); });
  // onMessage: register before the page has loaded (the stream connects then)
  const onMessage = (name, handler) => (named[name] = named[name] || []).push(handler);
  return { labels, post, element, showMessage, onView: (listener) => listeners.push(listener), refresh: notify,
           onMessage,
           get view() { return view; }, get version() { return version; } };
})();
