// Small DOM and HTTP helpers shared by every page of the client.

// Append kids to a node, leaving out null, undefined and false, and flattening arrays.
export function add(node, ...kids) {
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === undefined || kid === false) continue;
    node.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return node;
}

export function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "style" && typeof v === "object") Object.assign(node.style, v);
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "dataset") {
      for (const [dk, dv] of Object.entries(v)) if (dv !== undefined && dv !== null && dv !== "") node.dataset[dk] = dv;
    }
    else node.setAttribute(k, v === true ? "" : v);
  }
  return add(node, ...kids);
}

let toastTimer = null;
export function toast(text, kind = "info") {
  const t = document.getElementById("toast");
  t.textContent = text;
  t.className = "toast " + kind;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, 5000);
}

// An HTTP error: its status and the server's message.
export class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

export async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  let r;
  try {
    r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, "the server cannot be reached");
  }
  let data = null;
  try { data = await r.json(); } catch (e) { data = { error: r.statusText }; }
  if (!r.ok) throw new ApiError(r.status, data && data.error ? data.error : r.statusText);
  return data;
}

export function seatName(s) { return "P" + (s + 1); }

// An engine word ("raid_target", "main") as a player reads it ("raid target", "Main").
export function words(key) {
  const s = String(key).replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function store(key, fallback) {
  try { const v = JSON.parse(localStorage.getItem(key)); return v === null ? fallback : v; } catch (e) { return fallback; }
}
export function keep(key, value) { localStorage.setItem(key, JSON.stringify(value)); }

export function tokens() { return store("sf-tokens", {}); }
export function saveToken(gameId, seat, token) {
  const all = tokens();
  all[gameId] = all[gameId] || {};
  all[gameId][seat] = token;
  keep("sf-tokens", all);
}

export function parseHash() {
  const h = location.hash.replace(/^#\/?/, "");
  const [path, query] = h.split("?");
  return { parts: path.split("/").filter(Boolean), params: new URLSearchParams(query || "") };
}

export function playLink(gameId, token) {
  return location.origin + "/#/play/" + gameId + (token ? "?token=" + encodeURIComponent(token) : "");
}

// Whether the page is laid out for a phone (one column, a fixed action bar, a tap opens a card's sheet).
export function isPhone() { return window.matchMedia("(max-width: 720px)").matches; }

const cache = {};
export async function catalog() {
  if (!cache.catalog) cache.catalog = await api("GET", "/api/catalog");
  return cache.catalog;
}
export async function cardData(game) {
  if (!cache[game]) {
    const data = await api("GET", "/api/catalog/" + game);
    data.byKey = Object.fromEntries(data.cards.map((c) => [c.key, c]));
    cache[game] = data;
  }
  return cache[game];
}
export function cardDataNow(game) { return cache[game] || null; }
