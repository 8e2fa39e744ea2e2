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

  function record(request, button) {
    // request: {type, params, versioned, override}
    var body = { type: request.type, params: request.params };
    if (request.versioned) body.expected_version = version;
    if (request.override) body.override = { reason: request.override };
    var key = newKey();
    if (!navigator.onLine) { enqueue(body, key); return Promise.resolve(); }
    busy(button, true);
    return post("actions/", body, key).then(function (res) {
      busy(button, false);
      handle(res, request);
    }, function () {
      busy(button, false);
      enqueue(body, key); // the network went away mid-tap: keep it, with its key, for later
    });
  }

  function handle(res, request) {
    if (res.status === 201) {
      hide("refusal"); hide("moved-on");
      toast(res.data.event && res.data.event.log ? res.data.event.log : "Recorded.");
      (res.data.notes || []).forEach(function (n) { toast(n); });
      applyVersion(res.data.version);
      document.dispatchEvent(new CustomEvent("tk:recorded", { detail: { type: request.type, params: request.params } }));
    } else if (res.status === 422) {
      lastRequest = request;
      showRefusal(res.data);
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

  function showRefusal(data) {
    var box = $("[data-testid=refusal]");
    var list = $("[data-refusal-list]", box);
    list.innerHTML = "";
    (data.violations || []).forEach(function (v) {
      var li = document.createElement("li");
      li.textContent = v.message + " ";
      var why = document.createElement("a");
      why.href = v.reference; why.textContent = "Why? (" + v.rule + ")";
      why.setAttribute("data-testid", "refusal-why");
      li.appendChild(why);
      list.appendChild(li);
    });
    var form = $("[data-override]", box);
    if (form) form.hidden = true;
    box.hidden = false;
    box.scrollIntoView({ block: "nearest" });
  }

  // ---- following the game -------------------------------------------------------------------
  function applyVersion(newVersion, force) {
    if (force || newVersion !== version) {
      version = newVersion;
      root.dataset.version = version;
      refresh();
    }
  }

  var refreshing = false, refreshAgain = false;
  function refresh() {
    if (refreshing) { refreshAgain = true; return; }
    refreshing = true;
    fetch(stateUrl, { credentials: "same-origin" }).then(function (r) { return r.ok ? r.text() : null; }).then(function (html) {
      if (html !== null) swap(html);
    }).catch(function () {}).then(function () {
      refreshing = false;
      if (refreshAgain) { refreshAgain = false; refresh(); }
    });
  }

  function swap(html) {
    // Whatever a player is typing in the live part survives the refresh.
    var typed = {};
    stateBox.querySelectorAll("form[data-action] [name]").forEach(function (el) {
      if (el.dataset.dirty) typed[el.form.dataset.action + "/" + el.name] = el.type === "checkbox" ? el.checked : el.value;
    });
    var focused = document.activeElement && stateBox.contains(document.activeElement) && document.activeElement.name
      ? document.activeElement.form.dataset.action + "/" + document.activeElement.name : null;
    var local = $("[data-local-log]", stateBox);
    var localHtml = local ? local.innerHTML : "", localHidden = local ? local.hidden : true;
    stateBox.innerHTML = html;
    stateBox.querySelectorAll("form[data-action] [name]").forEach(function (el) {
      var k = el.form.dataset.action + "/" + el.name;
      if (k in typed) {
        if (el.type === "checkbox") el.checked = typed[k]; else el.value = typed[k];
        el.dataset.dirty = "1";
      }
      if (k === focused) el.focus();
    });
    var newLocal = $("[data-local-log]", stateBox);
    if (newLocal) { newLocal.innerHTML = localHtml; newLocal.hidden = localHidden; }
  }

  function poll() {
    var headers = etag ? { "If-None-Match": etag } : {};
    fetch(api, { headers: headers, credentials: "same-origin", cache: "no-store" }).then(function (r) {
      online(true);
      if (r.status === 200) {
        etag = r.headers.get("ETag");
        return r.json().then(function (s) { applyVersion(s.version); });
      }
    }).catch(function () { online(false); }).then(function () {
      if (navigator.onLine) flushQueue();
      setTimeout(poll, document.hidden ? 10000 : 1500); // a change shows on every phone within 3 s
    });
  }

  // ---- taps without network -----------------------------------------------------------------
  function readQueue() {
    try { return JSON.parse(localStorage.getItem(queueKey) || "[]"); } catch (e) { return []; }
  }
  function writeQueue(q) { localStorage.setItem(queueKey, JSON.stringify(q)); showQueue(); }

  function enqueue(body, key) {
    var q = readQueue();
    q.push({ body: body, key: key });
    writeQueue(q);
    toast("No network: the tap is kept on this phone and sent when the network is back.");
  }

  var flushing = false;
  function flushQueue() {
    var q = readQueue();
    if (flushing || !q.length || !navigator.onLine) return;
    flushing = true;
    var item = q[0];
    post("actions/", item.body, item.key).then(function (res) {
      writeQueue(readQueue().slice(1)); // the same key makes a resent tap apply once
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

  function showQueue(offline) {
    var banner = $("[data-testid=offline-banner]");
    var waiting = readQueue().length;
    var off = offline || !navigator.onLine;
    banner.hidden = !off && !waiting;
    banner.textContent = (off ? "No network. " : "") + (waiting ? waiting + " tap" + (waiting > 1 ? "s" : "") + " waiting to be sent." : "The game will catch up when the network is back.");
  }

  window.addEventListener("online", function () { online(true); flushQueue(); refresh(); });
  window.addEventListener("offline", function () { online(false); });

  // ---- taps ---------------------------------------------------------------------------------
  document.addEventListener("click", function (ev) {
    var button = ev.target.closest("[data-act]");
    if (button && canWrite) {
      ev.preventDefault();
      record({ type: button.dataset.act, params: JSON.parse(button.dataset.params || "{}"),
               versioned: "versioned" in button.dataset }, button);
      return;
    }
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
    var params = {};
    form.querySelectorAll("[name]").forEach(function (el) {
      if (el.type === "checkbox") { if (el.checked) params[el.name] = true; return; }
      if (el.value === "") return;
      params[el.name] = "int" in el.dataset ? parseInt(el.value, 10) : el.value;
    });
    record({ type: form.dataset.action, params: params, versioned: "versioned" in form.dataset },
           form.querySelector("button[type=submit]")).then(function () {
      form.querySelectorAll("[data-dirty]").forEach(function (el) { delete el.dataset.dirty; });
    });
  });

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
  function toast(text) {
    var el = $("[data-testid=toast]");
    el.textContent = text;
    el.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { el.hidden = true; }, 3500);
  }

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

  showQueue();
  poll();
})();
