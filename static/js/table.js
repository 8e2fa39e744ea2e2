// The table page: record taps through the API, follow other phones, keep taps made offline.
(function () {
  "use strict";
  var root = document.getElementById("table");
  if (!root) return;
  var token = root.dataset.session;
  var api = root.dataset.api;
  var stateUrl = root.dataset.stateUrl;
  var canWrite = root.dataset.canWrite === "1";
  var version = +root.dataset.version;
  var etag = null;
  var queueKey = "tk.queue." + token;
  var $ = function (sel, from) { return (from || document).querySelector(sel); };
  var stateBox = $("#state");
  var lastRequest = null; // the tap a refusal is about, for "accept anyway"
  var snapKey = "tk.snap." + token;

  rememberThisGame();
  keepScreenOn();

  // ---- talking to the API -------------------------------------------------------------------
  function newKey() {
    return (window.crypto && crypto.randomUUID) ? crypto.randomUUID() : String(Date.now()) + Math.random().toString(16).slice(2);
  }

  function post(path, body, key) {
    return fetch(api + path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": key },
      body: JSON.stringify(body),
      credentials: "same-origin",
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (data) { return { status: r.status, data: data }; });
    });
  }

  // The counter a tap moves (data-counter="lp-0" data-delta="-3"), moved at once when it must wait.
  function counterOf(el) {
    var holder = el && el.closest ? el.closest("[data-counter]") : null;
    return holder ? { counter: holder.dataset.counter, delta: +holder.dataset.delta || 0 } : null;
  }

  function record(request, button) {
    // request: {type, params, versioned, override, group, form}
    var body = { type: request.type, params: request.params };
    if (request.versioned) body.expected_version = version;
    if (request.override) body.override = { reason: request.override };
    if (request.group) body.group = request.group;
    var key = newKey();
    var moves = request.moves || counterOf(button);
    // resolves true (recorded), "queued" (kept on this phone for later) or false (not recorded)
    if (!navigator.onLine) { enqueue(body, key, moves); return Promise.resolve("queued"); }
    busy(button, true);
    inFlight++;
    return post("actions/", body, key).then(function (res) {
      busy(button, false);
      handle(res, request);
      settled();
      return res.status === 201;
    }, function () {
      busy(button, false);
      settled();
      enqueue(body, key, moves); // the network went away mid-tap: keep it, with its key, for later
      return "queued";
    });
  }

  function handle(res, request) {
    if (res.status === 201) {
      hide("moved-on");
      if (request.override) hide("refusal");
      var notes = res.data.notes || [];
      // short, and never over a refusal: the notes the engine adds are part of the same answer
      toast([res.data.event && res.data.event.log ? res.data.event.log : "Recorded."].concat(notes).join(" "), notes.length ? 5000 : 2000);
      applyVersion(res.data.version);
      document.dispatchEvent(new CustomEvent("tk:recorded", { detail: { type: request.type, params: request.params } }));
    } else if (res.status === 422) {
      lastRequest = request;
      showRefusal(res.data);
    } else if (res.status === 400) {
      showProblem(res.data, request);
    } else if (res.status === 409) {
      var moved = $("[data-testid=moved-on]");
      moved.textContent = "The table moved on while you tapped: here is the game as it is now. Check it and tap again if needed.";
      moved.hidden = false;
      applyVersion(res.data.version, true);
    } else {
      var errors = res.data && res.data.errors ? Object.keys(res.data.errors).map(function (k) {
        return k + ": " + res.data.errors[k].join(" ");
      }).join("; ") : "";
      toast((res.data && res.data.detail ? res.data.detail : "Could not record that.") + (errors ? " " + errors : ""));
    }
  }

  function refusalBox(title, canOverride) {
    hideToast(); // a refusal replaces any toast at once
    var box = $("[data-testid=refusal]");
    $("strong", box).textContent = title;
    var list = $("[data-refusal-list]", box);
    list.innerHTML = "";
    var form = $("[data-override]", box);
    if (form) form.hidden = true;
    var accept = $("[data-testid=accept-anyway]", box);
    if (accept) accept.hidden = !canOverride;
    box.hidden = false;
    box.scrollIntoView({ block: "nearest" });
    return list;
  }

  function showRefusal(data) {
    var list = refusalBox("Not allowed:", !(data.violations || []).some(function (v) { return v.hard; }));
    (data.violations || []).forEach(function (v) {
      var li = document.createElement("li");
      li.textContent = v.message + " ";
      var why = document.createElement("a");
      why.href = v.reference; why.textContent = "Why? (" + v.rule + ")";
      why.setAttribute("data-testid", "refusal-why");
      why.setAttribute("data-why", "");
      li.appendChild(why);
      list.appendChild(li);
    });
  }

  // A malformed step: name the field by its label on the form it came from, and mark it.
  function showProblem(data, request) {
    var list = refusalBox("Not recorded:", false);
    var errors = data.errors || {};
    var names = Object.keys(errors);
    if (!names.length) names = [""];
    names.forEach(function (path) {
      var name = path.split(".").pop();
      var input = request.form && name ? request.form.querySelector("[name=\"" + name + "\"]") : null;
      var label = input && input.closest("label, .dice-field") ? (input.closest("label, .dice-field").querySelector(".field-label") || input.closest("label")) : null;
      var text = label ? label.textContent.replace(input && input.tagName === "SELECT" ? input.textContent : "", "").trim() : path;
      if (input) input.setAttribute("aria-invalid", "true");
      var li = document.createElement("li");
      li.setAttribute("data-testid", "problem");
      li.textContent = (text ? text + ": " : "") + (errors[path] ? errors[path].join(" ") : (data.detail || "could not record that."));
      list.appendChild(li);
    });
  }

  // ---- following the game -------------------------------------------------------------------
  // Versions only grow on the server: an answer that left before a tap (a slow poll) and arrives
  // after it must not take this phone back, or its next versioned tap would be refused as stale.
  function applyVersion(newVersion, force) {
    if (typeof newVersion !== "number") { if (force) refresh(); return; }
    if (held && held.version >= newVersion && held.version > version) { var d = held; held = null; showPushed(d); return; }
    if (newVersion > version || (force && newVersion >= version)) {
      version = newVersion;
      root.dataset.version = version;
      refresh();
    }
  }

  var refreshing = false, refreshAgain = false;
  function refresh() {
    if (refreshing) { refreshAgain = true; return; }
    refreshing = true;
    fetch(stateUrl, { credentials: "same-origin" }).then(function (r) {
      var of = r.headers.get("X-Version");
      return r.ok ? r.text().then(function (html) { return { html: html, version: of === null ? undefined : +of }; }) : null;
    }).then(function (got) {
      if (got !== null) swap(got.html, got.version);
    }).catch(function () {}).then(function () {
      refreshing = false;
      if (refreshAgain) { refreshAgain = false; refresh(); }
    });
  }

  // Two heroes' forms of one action differ by what they preset (the hero): that names a form.
  function formKey(form) { return form.dataset.action + "|" + (form.dataset.preset || ""); }

  // The version of the fragment on screen: a fetch that left before a push and lands after it must
  // not draw the older table over the newer one.
  var shown = version;
  function swap(html, ofVersion) {
    if (typeof ofVersion === "number" && !isNaN(ofVersion)) {
      if (ofVersion < shown) return;
      shown = ofVersion;
    }
    // Whatever a player is typing in the live part survives the refresh, with the marks scripts left on
    // it: `dirty`, and those a script names in window.tkFieldMarks (cards.js notes which values a card
    // filled, so that choosing another name takes them back). The server's own data-* come new.
    var typed = {}, marks = {}, kept = ["dirty"].concat(window.tkFieldMarks || []);
    stateBox.querySelectorAll("form[data-action] [name]").forEach(function (el) {
      if (!el.dataset.dirty) return;
      var k = formKey(el.form) + "/" + el.name;
      typed[k] = el.type === "checkbox" ? el.checked : el.value;
      marks[k] = {};
      kept.forEach(function (mark) { if (mark in el.dataset) marks[k][mark] = el.dataset[mark]; });
    });
    var focused = document.activeElement && stateBox.contains(document.activeElement) && document.activeElement.name
      ? formKey(document.activeElement.form) + "/" + document.activeElement.name : null;
    // a section the player opened stays open
    var opened = Array.prototype.map.call(stateBox.querySelectorAll("details[open][data-testid]"), function (d) { return d.dataset.testid; });
    var local = $("[data-local-log]", stateBox);
    var localHtml = local ? local.innerHTML : "", localHidden = local ? local.hidden : true;
    stateBox.innerHTML = html;
    opened.forEach(function (id) { var d = $("details[data-testid=\"" + id + "\"]", stateBox); if (d) d.open = true; });
    stateBox.querySelectorAll("form[data-action] [name]").forEach(function (el) {
      var k = formKey(el.form) + "/" + el.name;
      if (k in typed) {
        if (el.type === "checkbox") el.checked = typed[k]; else el.value = typed[k];
        for (var mark in marks[k]) el.dataset[mark] = marks[k][mark];
      }
      if (k === focused) el.focus();
    });
    var newLocal = $("[data-local-log]", stateBox);
    if (newLocal) { newLocal.innerHTML = localHtml; newLocal.hidden = localHidden; }
    // the fragment is shared by every phone: the few plain forms in it take this phone's own token
    stateBox.querySelectorAll("input[name=csrfmiddlewaretoken]").forEach(function (el) { el.value = root.dataset.csrf; });
    snapshot();
    showWaiting();
  }

  // ---- what this phone last saw ---------------------------------------------------------------
  // A reload without network may get an older copy of the page from the service worker: the newest
  // state this phone saw is kept here and shown instead, with its time.
  function snapshot() {
    try {
      localStorage.setItem(snapKey, JSON.stringify({ version: shown, at: Date.now(), html: stateBox.innerHTML }));
    } catch (e) { /* storage full: the page still works, only an offline reload shows less */ }
  }
  function readSnapshot() {
    try { return JSON.parse(localStorage.getItem(snapKey) || "null"); } catch (e) { return null; }
  }
  // when the page was drawn by the server (an offline reload may draw an old copy)
  var seenAt = +root.dataset.renderedAt || Date.now();
  function restoreSnapshot() {
    var snap = readSnapshot();
    if (!snap || typeof snap.html !== "string" || !(snap.version >= version)) return;
    if (snap.version > version) {
      stateBox.innerHTML = snap.html;
      version = shown = snap.version;
      root.dataset.version = version;
    }
    seenAt = snap.at || seenAt;
  }

  // ---- following the game: pushed when live, polled meanwhile --------------------------------
  // The server pushes each new version of the state fragment down one event stream (tracker/live).
  // While the stream is down the page polls with its ETag, backing off when the network fails, and
  // tries the stream again with growing pauses; the mark in the header says which it is doing.
  var liveUrl = root.dataset.liveUrl;
  var beatMs = (+root.dataset.heartbeat || 20) * 1000;
  var mark = $("[data-testid=live-mark]");
  var source = null, live = false, openedAt = 0, lastHeard = 0;
  var retryMs = 1000, retryTimer = null, pollTimer = null, pollMs = 1500;
  var pageId = newKey().replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32); // one seat per page, however often it reconnects

  function showMark(state) {
    if (!mark) return;
    mark.dataset.live = state;
    mark.textContent = state === "live" ? "live" : "reconnecting…";
    mark.title = state === "live" ? "Every change shows here as it is made."
      : "Not connected live: checking for changes every few seconds meanwhile.";
  }

  function connect() {
    clearTimeout(retryTimer);
    if (source || !liveUrl || !window.EventSource) return;
    source = new EventSource(liveUrl + "?v=" + version + "&c=" + pageId);
    openedAt = Date.now();
    source.addEventListener("state", function (ev) {
      heard();
      pushed(JSON.parse(ev.data));
    });
    source.addEventListener("hb", function (ev) {
      heard();
      applyVersion(JSON.parse(ev.data).version); // a change this stream did not carry: fetch it
    });
    source.addEventListener("bye", function () { drop(); connect(); });
    source.onerror = function () { drop(); retryLater(); };
  }

  // While this phone's own tap is on its way, the push of its result waits for the answer: the page
  // handles its own tap (a refusal, the cards it typed: "tk:recorded") on the page it was made on.
  var inFlight = 0, held = null;
  function pushed(d) {
    if (inFlight) { if (!held || d.version > held.version) held = d; return; }
    showPushed(d);
  }
  function showPushed(d) {
    if (!(d.version > version)) return;
    version = d.version;
    root.dataset.version = version;
    // swapped once whoever watches the version (a game's script) has seen it change
    Promise.resolve().then(function () { swap(d.html, d.version); });
  }
  function settled() {
    inFlight = Math.max(inFlight - 1, 0);
    if (!inFlight && held) { var d = held; held = null; showPushed(d); }
  }

  function heard() {
    lastHeard = seenAt = Date.now();
    online(true);
    if (live) return;
    live = true;
    showMark("live");
    clearTimeout(pollTimer); pollTimer = null;
    flushQueue();
  }

  function drop() {
    if (source) { source.close(); source = null; }
    if (Date.now() - openedAt > 10000) retryMs = 1000; // it had worked for a while: start small again
    live = false;
    showMark("reconnecting");
    if (!pollTimer) pollTimer = setTimeout(poll, 0);
  }

  function retryLater() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, retryMs * (0.75 + Math.random() / 2));
    retryMs = Math.min(retryMs * 2, 60000);
  }

  // A stream can die without a word (a phone walking out of the Wi-Fi): the server beats every
  // few seconds, so a long silence means the connection is gone.
  setInterval(function () {
    if (live && Date.now() - lastHeard > beatMs * 2.5) { drop(); connect(); }
  }, 5000);

  function poll() {
    pollTimer = null;
    if (live) return;
    var headers = etag ? { "If-None-Match": etag } : {};
    fetch(api, { headers: headers, credentials: "same-origin", cache: "no-store" }).then(function (r) {
      if (r.status === 200 || r.status === 304) { seenAt = Date.now(); pollMs = 1500; }
      online(true);
      if (r.status === 200) {
        etag = r.headers.get("ETag");
        return r.json().then(function (s) { applyVersion(s.version); });
      }
    }).catch(function () { online(false); pollMs = Math.min(pollMs * 2, 30000); }).then(function () {
      if (navigator.onLine) flushQueue();
      if (!live && !pollTimer) pollTimer = setTimeout(poll, document.hidden ? Math.max(pollMs, 10000) : pollMs);
    });
  }

  // ---- taps without network -----------------------------------------------------------------
  function readQueue() {
    try { return JSON.parse(localStorage.getItem(queueKey) || "[]"); } catch (e) { return []; }
  }
  function writeQueue(q) { localStorage.setItem(queueKey, JSON.stringify(q)); showQueue(); }

  function enqueue(body, key, moves) {
    var q = readQueue();
    q.push({ body: body, key: key, moves: moves || null });
    writeQueue(q);
    showWaiting();
    toast("No network: the tap is kept on this phone and sent when the network is back.");
  }

  // Counters moved by taps still waiting: shown moved, and marked as not yet recorded.
  function showWaiting() {
    var totals = {};
    readQueue().forEach(function (item) {
      if (item.moves && item.moves.counter) totals[item.moves.counter] = (totals[item.moves.counter] || 0) + item.moves.delta;
    });
    stateBox.querySelectorAll("[data-counter-value]").forEach(function (el) {
      var base = el.dataset.base !== undefined ? +el.dataset.base : +el.textContent;
      el.dataset.base = base;
      var delta = totals[el.dataset.counterValue];
      el.textContent = delta ? base + delta : base;
      el.classList.toggle("waiting", !!delta);
      if (delta) el.title = "waiting to be sent"; else el.removeAttribute("title");
    });
  }

  var flushing = false;
  function flushQueue() {
    var q = readQueue();
    if (flushing || !q.length || !navigator.onLine) return;
    flushing = true;
    var item = q[0];
    post("actions/", item.body, item.key).then(function (res) {
      writeQueue(readQueue().slice(1)); // the same key makes a resent tap apply once
      showWaiting();
      var verdict = res.status === 201 ? "sent: " + ((res.data.event && res.data.event.log) || item.body.type)
        : res.status === 422 ? "refused: " + (res.data.violations || []).map(function (v) { return v.message; }).join(" ")
        : "not recorded (" + res.status + "): " + (res.data.detail || item.body.type);
      localLog("Offline tap " + verdict);
      if (res.status === 201) applyVersion(res.data.version);
      if (res.status === 201) document.dispatchEvent(new CustomEvent("tk:recorded", { detail: item.body }));
      flushing = false;
      flushQueue();
    }, function () { flushing = false; online(false); });
  }

  function localLog(text) {
    var li = $("[data-local-log]", stateBox);
    if (!li) return;
    li.textContent = text;
    li.hidden = false;
  }

  function online(isOnline) { root.classList.toggle("offline", !isOnline); showQueue(!isOnline); }

  function hhmm(ms) {
    var d = new Date(ms);
    return ("0" + d.getHours()).slice(-2) + ":" + ("0" + d.getMinutes()).slice(-2);
  }

  function showQueue(offline) {
    var banner = $("[data-testid=offline-banner]");
    var waiting = readQueue().length;
    var off = offline || !navigator.onLine;
    banner.hidden = !off && !waiting;
    var taps = waiting + " tap" + (waiting === 1 ? "" : "s") + " waiting";
    banner.textContent = off ? "No network: the game as of " + hhmm(seenAt) + ", " + taps + "."
      : (waiting ? taps + " to be sent." : "");
  }

  window.addEventListener("online", function () {
    online(true); flushQueue(); refresh();
    if (!live) { retryMs = 1000; drop(); connect(); }
  });
  document.addEventListener("visibilitychange", function () { if (!document.hidden && !live) { drop(); connect(); } });
  window.addEventListener("offline", function () { online(false); });

  // ---- taps ---------------------------------------------------------------------------------
  document.addEventListener("click", function (ev) {
    var button = ev.target.closest("[data-act]");
    if (button && canWrite) {
      ev.preventDefault();
      var then = button.dataset.then ? JSON.parse(button.dataset.then) : [];
      // a button that records several steps makes them one thing to undo
      var group = groupOf(button) || (then.length ? "tap-" + newKey().slice(0, 12) : "");
      var chain = record({ type: button.dataset.act, params: JSON.parse(button.dataset.params || "{}"),
                          versioned: "versioned" in button.dataset, group: group }, button);
      then.forEach(function (step) {
        chain = chain.then(function (ok) {
          if (ok === false) return false; // refused: the rest would not make sense
          return record({ type: step.type, params: step.params || {}, group: group }, button);
        });
      });
      return;
    }
    var why = ev.target.closest("[data-why]");
    if (why && why.href && window.tkWhy) { ev.preventDefault(); window.tkWhy.open(why.href); return; }
    if (ev.target.closest("[data-undo]")) { undoRedo("undo/", ev.target); return; }
    if (ev.target.closest("[data-redo]")) { undoRedo("redo/", ev.target); return; }
    if (ev.target.closest("[data-testid=accept-anyway]")) {
      var form = $("[data-override]");
      form.hidden = false;
      $("[data-testid=override-reason]").focus();
      return;
    }
    if (ev.target.closest("[data-dismiss]")) { hide("refusal"); return; }
    var opener = ev.target.closest("[data-open]");
    if (opener) { var d = document.getElementById(opener.dataset.open); if (d && d.showModal) d.showModal(); }
  });

  document.addEventListener("input", function (ev) { if (ev.target.name) ev.target.dataset.dirty = "1"; });

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (form.matches("[data-override]")) {
      ev.preventDefault();
      var reason = form.reason.value.trim();
      if (!reason || !lastRequest) return;
      var request = Object.assign({}, lastRequest, { override: reason, versioned: false });
      form.reason.value = "";
      record(request, form.querySelector("button"));
      return;
    }
    if (!form.dataset.action || !canWrite) return;
    ev.preventDefault();
    var params = form.dataset.preset ? JSON.parse(form.dataset.preset) : {};
    var missing = null;
    form.querySelectorAll("[name]").forEach(function (el) {
      el.removeAttribute("aria-invalid");
      if (el.type === "checkbox") { if (el.checked) params[el.name] = true; return; }
      if (el.value === "") { if ("required" in el.dataset && !missing) missing = el; return; }
      params[el.name] = "int" in el.dataset || ("intOrText" in el.dataset && /^-?\d+$/.test(el.value.trim()))
        ? parseInt(el.value, 10) : el.value.trim();
    });
    if (missing) { // a die not tapped yet: say which, nothing is sent
      showProblem({ errors: (function () { var e = {}; e[missing.name] = ["tap the die's face first"]; return e; })() }, { form: form });
      return;
    }
    record({ type: form.dataset.action, params: params, versioned: "versioned" in form.dataset,
             group: groupOf(form), form: form, moves: counterOf(form) },
           form.querySelector("button[type=submit]")).then(function (recorded) {
      // what was tapped for this action must not carry over into the next one
      if (recorded !== false) resetForm(form); // recorded or kept for later; a refusal keeps it for mending
    });
  });

  function resetForm(form) {
    form.reset();
    form.querySelectorAll("[data-dirty]").forEach(function (el) { delete el.dataset.dirty; });
    form.querySelectorAll("[aria-pressed=true]").forEach(function (el) { el.setAttribute("aria-pressed", "false"); });
    form.querySelectorAll("input[type=hidden][name]").forEach(function (el) { el.value = ""; });
  }

  function groupOf(el) {
    var holder = el.closest("[data-group]");
    return holder ? holder.dataset.group : "";
  }

  function undoRedo(path, button) {
    if (!canWrite) return;
    busy(button, true);
    post(path, {}, newKey()).then(function (res) {
      busy(button, false);
      if (res.status === 200) { toast(path === "undo/" ? "Undone." : "Redone."); applyVersion(res.data.version); }
      else toast(res.data.detail || "Nothing to do.");
    }, function () { busy(button, false); toast("No network: try again when it is back."); });
  }

  // ---- small things -------------------------------------------------------------------------
  function busy(el, on) { if (el && el.classList) { el.classList.toggle("busy", on); el.disabled = on; } }
  function hide(testid) { var el = $("[data-testid=" + testid + "]"); if (el) el.hidden = true; }

  var toastTimer = null;
  function toast(text, ms) {
    var el = $("[data-testid=toast]");
    el.textContent = text;
    el.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { el.hidden = true; }, ms || 2500);
  }
  function hideToast() { clearTimeout(toastTimer); hide("toast"); }

  function rememberThisGame() {
    var list;
    try { list = JSON.parse(localStorage.getItem("tk.sessions") || "[]"); } catch (e) { list = []; }
    var url = location.pathname;
    list = list.filter(function (s) { return s.url !== url; });
    list.unshift({ url: url, title: root.dataset.title + (canWrite ? "" : " (view)") });
    localStorage.setItem("tk.sessions", JSON.stringify(list.slice(0, 20)));
  }

  function keepScreenOn() {
    // A phone beside the cards must not dim in the middle of a turn.
    if (!("wakeLock" in navigator)) return;
    var request = function () { navigator.wakeLock.request("screen").catch(function () {}); };
    request();
    document.addEventListener("visibilitychange", function () { if (!document.hidden) request(); });
  }

  restoreSnapshot();
  showWaiting();
  showQueue();
  if (navigator.onLine) snapshot();
  poll();
  connect();
})();
