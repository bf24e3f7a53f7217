// The connection of a game page: one WebSocket, reconnected with backoff after a transient failure, and
// given up (saying why) after a permanent one: a token that holds no seat, a game that does not exist.

const PERMANENT = new Set([401, 403, 404, 410]);
const BACKOFF = [1000, 2000, 4000, 8000, 15000, 30000];

export class Connection {
  // handlers: message(msg), refused(error text, status), fatal(error text), status(text, kind)
  constructor(gameId, token, handlers) {
    this.gameId = gameId;
    this.token = token;
    this.h = handlers;
    this.ws = null;
    this.closed = false;
    this.failures = 0;
    this.timer = null;
    this.open();
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return proto + "//" + location.host + "/ws/games/" + this.gameId + (this.token ? "?token=" + encodeURIComponent(this.token) : "");
  }

  open() {
    if (this.closed) return;
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => { this.failures = 0; this.h.status(this.token ? "" : "watching", ""); };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg.error) {
        this.lastError = msg.error;
        if (PERMANENT.has(msg.status) && !this.seen) { this.stop(); this.h.fatal(msg.error, msg.status); }
        else this.h.refused(msg.error, msg.status);
        return;
      }
      this.seen = true;
      this.h.message(msg);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws || this.closed) return;
      const status = ev.code >= 4000 && ev.code < 5000 ? ev.code - 4000 : 0;
      if (PERMANENT.has(status)) { this.stop(); this.h.fatal(this.lastError || "the server closed this game", status); return; }
      const delay = BACKOFF[Math.min(this.failures, BACKOFF.length - 1)];
      this.failures += 1;
      this.countdown(delay);
    };
  }

  countdown(delay) {
    const until = Date.now() + delay;
    const tick = () => {
      if (this.closed) return;
      const left = Math.ceil((until - Date.now()) / 1000);
      if (left <= 0) { this.h.status("reconnecting…", "warn"); this.open(); return; }
      this.h.status(`Connection lost: reconnecting in ${left} s`, "warn");
      this.timer = setTimeout(tick, 250);
    };
    tick();
  }

  send(frame) {
    if (!this.ws || this.ws.readyState !== 1) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  stop() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}
