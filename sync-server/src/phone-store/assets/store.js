/* global window, document */
// The store page's own script (/c/store.js, no framework): lists this phone's rallies from the state
// the page carries, keeps them current while a clip is on its way (it asks for the state again),
// plays each preview inline (muted, looping), and buys the chosen rallies in one order. It formats
// nothing: every word and amount is the server's. Without it the page still marks rallies.
(function () {
  'use strict';
  var root = document.getElementById('store');
  if (!root) return;
  var base = '/c/' + root.dataset.code;
  var lang = root.dataset.lang;
  var texts = read('store-texts');
  var state = read('store-state');
  var list = document.getElementById('rallies');
  var payForm = document.getElementById('pay');
  var payButton = document.getElementById('pay-button');
  var payMessage = document.getElementById('pay-message');
  var total = document.getElementById('total');
  var promoInput = document.getElementById('promo');
  var promoLine = document.getElementById('promo-line');
  var note = document.getElementById('store-note');
  var offlineText = note.textContent;
  var order = document.getElementById('order');
  var notify = document.getElementById('notify');
  var WAITING = ['cutting', 'uploading', 'offline', 'late'];
  var selected = {};
  var promo = null;
  var timer = null;
  var connected = true;

  function read(id) {
    return JSON.parse(document.getElementById(id).textContent);
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function call(method, path, body) {
    var init = { method: method, credentials: 'same-origin', cache: 'no-store', headers: {} };
    if (body) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(base + path, init).then(function (res) {
      return res
        .json()
        .catch(function () {
          return {};
        })
        .then(function (json) {
          if (!res.ok) throw new Error(json.message || texts.tryAgain);
          return json;
        });
    });
  }

  function count() {
    return Object.keys(selected).length;
  }

  // The ticks on the page are the selection: a rally that can no longer be paid drops out of it.
  function pickedFromPage() {
    selected = {};
    [].forEach.call(list.querySelectorAll('input[type=checkbox]'), function (tick) {
      if (tick.checked && !tick.disabled) selected[tick.closest('li').dataset.id] = true;
    });
  }

  // One rally: a tick to pick it, its title and length, what is happening to it, then its preview
  // (kept as it is between polls, so it keeps playing) and, once bought, the way to its clip.
  function item(rally) {
    var li = list.querySelector('li[data-id="' + rally.id + '"]');
    if (!li) {
      li = el('li', 'rally');
      li.dataset.id = String(rally.id);
      var label = el('label');
      var box = el('input');
      box.type = 'checkbox';
      // A page come back to (the back button) starts from what the server says, never a restored tick.
      box.autocomplete = 'off';
      label.appendChild(box);
      label.appendChild(el('span', 'title'));
      label.appendChild(el('span', 'len'));
      li.appendChild(label);
      li.appendChild(el('p', 'line'));
    }
    li.dataset.state = rally.state;
    var tick = li.querySelector('input');
    tick.hidden = !rally.payable;
    tick.disabled = !rally.payable;
    if (!rally.payable) tick.checked = false;
    tick.setAttribute('aria-label', rally.title);
    li.querySelector('.title').textContent = rally.title;
    li.querySelector('.len').textContent = rally.length || '';
    li.querySelector('.line').textContent = rally.line;
    if (rally.preview && !li.querySelector('video')) {
      var media = el('div', 'media');
      var video = el('video');
      video.muted = true;
      video.loop = true;
      video.autoplay = true;
      video.playsInline = true;
      video.setAttribute('playsinline', '');
      video.setAttribute('muted', '');
      video.preload = 'auto';
      video.src = rally.preview;
      media.appendChild(video);
      media.appendChild(el('span', 'badge', texts.preview));
      li.appendChild(media);
    }
    if (rally.bought && !li.querySelector('a.watch')) {
      var watch = el('a', 'watch btn pay', texts.watch);
      watch.href = rally.bought;
      li.appendChild(watch);
    }
    return li;
  }

  function render() {
    var shown = {};
    state.rallies.forEach(function (rally, i) {
      var li = item(rally);
      shown[rally.id] = true;
      if (list.children[i] !== li) list.insertBefore(li, list.children[i] || null);
    });
    [].slice.call(list.children).forEach(function (li) {
      if (!shown[li.dataset.id]) list.removeChild(li);
    });
    if (!state.rallies.length) list.appendChild(el('li', 'line', texts.noRallies));
    pickedFromPage();
    note.textContent = connected ? offlineText : texts.noConnection;
    note.hidden = connected && state.venueOnline;
    notify.hidden = !state.rallies.some(function (r) {
      return r.state === 'offline';
    });
    order.hidden = !state.order;
    if (state.order) {
      document.getElementById('order-text').textContent = state.order.text;
      document.getElementById('order-pay').href = state.order.payUrl;
    }
    renderTotal();
  }

  function renderTotal() {
    var n = count();
    payForm.hidden = !state.rallies.some(function (r) {
      return r.payable;
    });
    var line = n > 0 ? (promo && promo.count === n ? promo : state.prices.totals[n - 1]) : null;
    total.textContent = line ? line.text : '-';
    promoLine.textContent = line && line === promo ? promo.promo : '';
    payButton.textContent = line ? line.pay : state.prices.totals[0].pay;
    payButton.disabled = n === 0;
  }

  function busy() {
    return (
      Boolean(state.order) ||
      state.rallies.some(function (r) {
        return !r.bought && WAITING.indexOf(r.state) >= 0;
      })
    );
  }

  function poll() {
    clearTimeout(timer);
    call('GET', '/rallies?lang=' + lang)
      .then(function (next) {
        state = next;
        connected = true;
        render();
      })
      .catch(function () {
        connected = false;
        render();
      })
      .then(function () {
        // While a clip is on its way its state is asked every 1.5 s; otherwise now and then.
        timer = setTimeout(poll, busy() || !connected ? 1500 : 20000);
      });
  }

  list.addEventListener('change', function (event) {
    var tick = event.target;
    if (tick.type !== 'checkbox') return;
    if (tick.checked && count() >= state.maxPerOrder) tick.checked = false;
    pickedFromPage();
    if (promo && promo.count !== count()) applyPromo();
    renderTotal();
  });

  function applyPromo() {
    var code = promoInput.value.trim();
    if (!code || !count()) {
      promo = null;
      return renderTotal();
    }
    call('POST', '/quote', { count: count(), promoCode: code, language: lang })
      .then(function (quote) {
        promo = quote;
        promo.code = code;
        payMessage.textContent = '';
        renderTotal();
      })
      .catch(function (err) {
        promo = null;
        payMessage.textContent = err.message;
        renderTotal();
      });
  }
  document.getElementById('apply').addEventListener('click', applyPromo);

  payForm.addEventListener('submit', function (event) {
    event.preventDefault();
    var ids = Object.keys(selected).map(Number);
    if (!ids.length) return;
    var line = promo && promo.count === ids.length ? promo : state.prices.totals[ids.length - 1];
    var body = { rallies: ids, totalAmount: line.amount, language: lang };
    if (line === promo) body.promoCode = promo.code;
    payButton.disabled = true;
    payMessage.textContent = texts.paying;
    call('POST', '/buy', body)
      .then(function (answer) {
        window.location.assign(answer.next);
      })
      .catch(function (err) {
        payMessage.textContent = err.message;
        payButton.disabled = false;
        poll();
      });
  });

  document.getElementById('order-cancel').addEventListener('click', function () {
    call('POST', '/order/cancel?lang=' + lang)
      .then(function (answer) {
        payMessage.textContent = answer.message;
      })
      .catch(function (err) {
        payMessage.textContent = err.message;
      })
      .then(poll);
  });

  notify.addEventListener('submit', function (event) {
    event.preventDefault();
    var out = document.getElementById('notify-message');
    var email = notify.elements.email.value.trim();
    var phone = notify.elements.phone.value.trim();
    if (!email && !phone) {
      out.textContent = texts.contactRequired;
      return;
    }
    var body = { language: lang };
    if (email) body.email = email;
    if (phone) {
      body.phone = phone;
      body.phoneConsent = notify.elements.phoneConsent.checked;
    }
    call('POST', '/notify', body)
      .then(function (answer) {
        out.textContent = answer.message;
      })
      .catch(function (err) {
        out.textContent = err.message;
      });
  });

  window.addEventListener('online', poll);
  window.addEventListener('offline', function () {
    connected = false;
    render();
  });
  // Back from the payment page or another tab: what stands now (an order paid or still open).
  window.addEventListener('pageshow', function (event) {
    if (event.persisted) poll();
  });
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'visible') poll();
  });
  render();
  timer = setTimeout(poll, busy() ? 1500 : 20000);
})();
