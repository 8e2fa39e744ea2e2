/* Rules without network. On /rules/: when the browser is offline or the server cannot be reached,
   search the copy of /rules/index.json the service worker keeps and show the results as
   templates/rulesref/_results.html does. On /offline/?entry=<id>: show that entry from the copy.
   The ranking is a small cousin of rulesref/search.py: title 5, tags 3, body 1, prefixes, typos. */
(() => {
  'use strict';
  // rulesref/query.py STOPWORDS: "can i reroll a dodge" is about "reroll" and "dodge".
  const STOP = new Set(('a an and are as at be been but by can could did do does doing for from had has have how i ' +
    'if in into is it its me my may might must of on or our shall should so than that the their them then there ' +
    'these they this to too was we were what when where which while who whom why will with would you your yours ' +
    'am any all').split(' '));
  const WORD = /[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu;
  const WEIGHTS = { title: 5, tags: 3, body: 1 };
  const NEAR = 0.6;  // a prefix or a typo counts less than the word itself
  const LIMIT = 20;
  const SNIPPET_WORDS = 24;
  const words = (text) => (text || '').toLowerCase().match(WORD) || [];
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');

  let loading = null;
  function load() {
    if (!loading) {
      loading = fetch('/rules/index.json').then((r) => {
        if (!r.ok) throw new Error('rules index: ' + r.status);
        return r.json();
      }).then((data) => {
        const vocab = new Set();
        const entries = data.entries.map((e) => {
          const x = { e, title: new Set(words(e.title)), tags: new Set(words(e.tags)), body: new Set(words(e.body)) };
          for (const f in WEIGHTS) x[f].forEach((w) => vocab.add(w));
          return x;
        });
        return { entries, vocab };
      });
      loading.catch(() => { loading = null; });  // not cached yet: try again on the next search
    }
    return loading;
  }

  // One insertion, deletion or substitution turns a into b.
  function near(a, b) {
    if (Math.abs(a.length - b.length) > 1) return false;
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
    return a.length < b.length ? a.slice(i) === b.slice(i + 1) : a.slice(i + 1) === b.slice(i);
  }

  // The corpus words a query word stands for, with how much each counts.
  function expand(word, vocab) {
    const alts = new Map([[word, 1]]);
    for (const v of vocab) {
      if (v !== word && ((word.length >= 3 && v.startsWith(word)) || (word.length >= 5 && near(word, v)))) {
        alts.set(v, NEAR);
      }
    }
    return alts;
  }

  function best(set, alts) {
    let top = 0;
    if (alts.size < set.size) {
      for (const [w, weight] of alts) if (weight > top && set.has(w)) top = weight;
    } else {
      for (const w of set) top = Math.max(top, alts.get(w) || 0);
    }
    return top;
  }

  function search(index, text, game) {
    const all = words(text);
    const kept = all.filter((w) => !STOP.has(w));
    const wanted = (kept.length ? kept : all).map((w) => expand(w, index.vocab));
    const ranked = [];
    for (const x of index.entries) {
      if (game && x.e.game !== game) continue;
      let score = 0, covered = 0;
      for (const alts of wanted) {
        let s = 0;
        for (const f in WEIGHTS) s += WEIGHTS[f] * best(x[f], alts);
        score += s;
        if (s) covered++;
      }
      // As on the server: an entry with every word beats one that repeats a single word.
      if (score) ranked.push({ x, score: score * (1 + (covered / wanted.length) ** 2) });
    }
    ranked.sort((a, b) => b.score - a.score);  // stable: ties keep the corpus order
    return { hits: ranked.slice(0, LIMIT).map((r) => r.x.e), wanted };
  }

  // About 24 words of the body around the first matched word, matched words marked.
  function snippet(body, wanted) {
    const found = [...body.matchAll(WORD)];
    if (!found.length) return '';
    const hit = (m) => wanted.some((alts) => alts.has(m[0].toLowerCase()));
    const start = Math.max(0, found.findIndex(hit) - 6);
    let out = '', at = found[start].index;
    for (const m of found.slice(start, start + SNIPPET_WORDS)) {
      out += esc(body.slice(at, m.index)) + (hit(m) ? '<mark>' + esc(m[0]) + '</mark>' : esc(m[0]));
      at = m.index + m[0].length;
    }
    return (start ? '…' : '') + out + (start + SNIPPET_WORDS < found.length ? '…' : '');
  }

  const NO_INDEX = '<p>No network, and the rules are not saved on this device yet: open this page once online.</p>';

  function showResults(target, text, game) {
    if (!text.trim()) { target.innerHTML = ''; return; }
    load().then((index) => {
      const { hits, wanted } = search(index, text, game);
      target.innerHTML = '<p class="muted">No network: searching the copy saved on this device.</p>' + (hits.length
        ? '<ol class="results">' + hits.map((e) =>
          `<li><a href="/rules/${encodeURIComponent(e.id)}/"><strong>${esc(e.title)}</strong></a> ` +
          `<span class="muted">${esc(e.game)} · ${esc(e.kind)} · ${esc(e.section)}</span>` +
          (e.kind === 'card' ? '<span class="badge">the card\'s own text is not in this reference; this entry lists the rules that apply to it</span>' : '') +
          `<p class="snippet">${snippet(e.body, wanted)}</p></li>`).join('') + '</ol>'
        : '<p>Nothing found.</p>');
    }, () => { target.innerHTML = NO_INDEX; });
  }

  // The game a search is about: the one chosen, else the one the player came from.
  const gameOf = (params) => params.get('game') || params.get('prefer') || '';

  const form = document.querySelector('form.search');
  const results = document.getElementById('results');
  if (form && results) {
    const fromForm = () => showResults(results, form.elements.q.value, form.elements.game.value);
    // A search request to the server (the form's, or a "did you mean" link's): answer it here.
    const answer = (ev) => {
      const path = ev.detail.pathInfo && ev.detail.pathInfo.finalRequestPath;
      const url = path && new URL(path, location.href);
      if (!url || url.pathname !== '/rules/results/') return false;
      const q = url.searchParams.get('q') || '';
      form.elements.q.value = q;
      showResults(results, q, gameOf(url.searchParams));
      return true;
    };
    // Offline: do not wait for a request that cannot succeed.
    document.addEventListener('htmx:beforeRequest', (ev) => {
      if (!navigator.onLine && answer(ev)) ev.preventDefault();
    });
    document.addEventListener('htmx:sendError', answer);
    document.addEventListener('htmx:responseError', answer);
    form.addEventListener('submit', (ev) => {
      if (!navigator.onLine) { ev.preventDefault(); fromForm(); }
    });
    // Offline, /rules/?q=... is the cached page without the question or its results, and without
    // the game the player came from (?prefer=, from the table's "Rules search" link): keep it.
    const asked = new URLSearchParams(location.search);
    if (!navigator.onLine && gameOf(asked)) form.elements.game.value = gameOf(asked);
    if (!navigator.onLine && asked.get('q')) {
      form.elements.q.value = asked.get('q');
      fromForm();
    }
  }

  // An entry from the saved copy, drawn as the entry page draws it; false when it is not in the copy.
  function showEntry(target, id) {
    return load().then((index) => {
      const found = index.entries.find((x) => x.e.id === id);
      if (!found) return false;
      const e = found.e;
      const paragraphs = e.body.split(/\n\s*\n/).map((p) => '<p>' + esc(p.replace(/\s*\n\s*/g, ' ')) + '</p>');
      target.innerHTML = `<p class="muted"><a href="/rules/?game=${encodeURIComponent(e.game)}">${esc(e.game)}</a>` +
        ` · ${esc(e.kind)} · saved copy</p><h1 class="entry-title">${esc(e.title)}</h1>` +
        `<p class="muted">Rulebook: ${esc(e.section)}</p><div class="body">${paragraphs.join('')}</div>`;
      return true;
    });
  }

  // The table page's "Why?" sheet searches and opens entries with these when the network is gone.
  window.tkRules = { show: showResults, entry: showEntry };

  // /offline/?entry=<id>: an entry page never opened on this device (the service worker sends here).
  const article = document.getElementById('offline-entry');
  const wanted = new URLSearchParams(location.search).get('entry');
  if (article && wanted) {
    showEntry(article, wanted).then((shown) => {
      if (!shown) return;
      article.hidden = false;
      document.title = article.querySelector('h1').textContent + ' · Tablekeeper';
      const info = document.getElementById('offline-info');
      if (info) info.hidden = true;
    }, () => {});
  }
})();
