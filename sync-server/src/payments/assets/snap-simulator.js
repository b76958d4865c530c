/* global window, document */
// The payment simulator's stand-in for Midtrans' snap.js: the same window.snap.embed(token, options)
// and window.snap.pay(token, options), rendering a panel with four buttons. A button asks the
// server, which posts a signed notification to its own webhook, then the matching callback runs
// with a Midtrans-like result. After 'Simulate pending' the kiosk replaces the panel with its
// waiting screen, so a small 'Settle now' box stays in the page's corner to finish that payment as
// the bank would later. No inline script, no eval: it runs under a 'self' script policy.
(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.src ? new URL(script.src).origin : window.location.origin;
  var overlay = null;

  function el(tag, styles, text) {
    var node = document.createElement(tag);
    Object.keys(styles || {}).forEach(function (k) {
      node.style[k] = styles[k];
    });
    if (text) node.textContent = text;
    return node;
  }

  function rupiah(amount) {
    return 'Rp ' + Number(amount).toLocaleString('id-ID');
  }

  // Every colour keeps white text at 4.5:1 or more (WCAG AA).
  function button(label, colour, onClick) {
    var b = el(
      'button',
      {
        display: 'block',
        width: '100%',
        margin: '0 0 12px',
        padding: '16px',
        fontSize: '18px',
        fontWeight: '600',
        color: '#fff',
        background: colour,
        border: '0',
        borderRadius: '10px',
        cursor: 'pointer',
      },
      label,
    );
    b.type = 'button';
    b.addEventListener('click', onClick);
    return b;
  }

  var dock = null;

  // 'Settle now': posts the settlement of a payment left pending, exactly as its panel's success
  // button would; the kiosk's waiting screen then learns it from the server like any late payment.
  function offerSettle(token, orderId) {
    if (!dock || !dock.parentNode) {
      dock = el('div', {
        position: 'fixed',
        top: '8px',
        left: '8px',
        zIndex: '2147483001',
        maxWidth: '280px',
        fontFamily: 'system-ui, sans-serif',
      });
      dock.setAttribute('data-testid', 'payment-simulator-pending');
      document.body.appendChild(dock);
    }
    var box = el('div', {
      margin: '0 0 8px',
      padding: '10px 12px',
      background: '#fff',
      color: '#1f2933',
      border: '1px solid #d9e2ec',
      borderRadius: '10px',
      boxShadow: '0 2px 8px rgba(15, 23, 42, 0.25)',
      fontSize: '14px',
    });
    var note = el('p', { margin: '0 0 8px' }, 'Payment simulator: ' + (orderId ? 'order ' + orderId : 'a payment') + ' is pending.');
    note.setAttribute('role', 'status');
    box.appendChild(note);
    function remove() {
      if (box.parentNode) box.parentNode.removeChild(box);
      if (dock && !dock.firstChild && dock.parentNode) dock.parentNode.removeChild(dock);
    }
    var small = { display: 'inline-block', width: 'auto', margin: '0 8px 0 0', padding: '8px 12px', fontSize: '14px' };
    var settle = button('Settle now', '#15803d', function () {
      settle.disabled = true;
      note.textContent = 'Processing...';
      fetch(base + '/api/payment/simulator/' + encodeURIComponent(token) + '/success', { method: 'POST' })
        .then(function (r) {
          return r.json().then(function (body) {
            if (!r.ok) throw new Error(body.message || 'Payment failed');
            remove();
          });
        })
        .catch(function (err) {
          settle.disabled = false;
          note.textContent = String((err && err.message) || 'Network error');
        });
    });
    var dismiss = button('Dismiss', '#52606d', remove);
    [settle, dismiss].forEach(function (b) {
      Object.keys(small).forEach(function (k) {
        b.style[k] = small[k];
      });
      box.appendChild(b);
    });
    dock.appendChild(box);
  }

  function render(container, token, options, onDone) {
    options = options || {};
    container.textContent = '';
    var panel = el('div', {
      boxSizing: 'border-box',
      height: '100%',
      minHeight: '420px',
      padding: '28px',
      fontFamily: 'system-ui, sans-serif',
      background: '#fff',
      color: '#1f2933',
      borderRadius: '12px',
      border: '1px solid #d9e2ec',
    });
    panel.setAttribute('data-testid', 'payment-simulator');
    panel.appendChild(el('h2', { margin: '0 0 4px', fontSize: '22px' }, 'Payment simulator'));
    var info = el('p', { margin: '0 0 20px', color: '#52606d' }, 'Test mode: no money moves.');
    panel.appendChild(info);
    var status = el('p', { margin: '0 0 16px', fontWeight: '600', minHeight: '1.5em' });
    status.setAttribute('role', 'status');
    var orderId = null;

    fetch(base + '/api/payment/simulator/' + encodeURIComponent(token))
      .then(function (r) {
        return r.ok ? r.json() : null;
      })
      .then(function (order) {
        if (order) orderId = order.order_id;
        if (order)
          info.textContent = 'Order ' + order.order_id + ' \u00b7 ' + rupiah(order.gross_amount) + ' \u00b7 test mode, no money moves.';
      })
      .catch(function () {});

    var buttons = [];
    function simulate(outcome) {
      buttons.forEach(function (b) {
        b.disabled = true;
        b.style.opacity = '0.6';
      });
      status.textContent = 'Processing...';
      fetch(base + '/api/payment/simulator/' + encodeURIComponent(token) + '/' + outcome, { method: 'POST' })
        .then(function (r) {
          return r.json().then(function (body) {
            return { ok: r.ok, status: r.status, body: body };
          });
        })
        .then(function (answer) {
          var result = answer.body;
          if (!answer.ok) {
            status.textContent = result.message || 'Payment failed';
            if (options.onError)
              options.onError({ status_code: String(answer.status || 500), status_message: result.message || 'Payment failed' });
          } else if (outcome === 'success') {
            status.textContent = 'Payment successful';
            if (options.onSuccess) options.onSuccess(result);
          } else if (outcome === 'pending') {
            status.textContent = 'Payment pending';
            offerSettle(token, orderId);
            if (options.onPending) options.onPending(result);
          } else {
            status.textContent = 'Payment failed';
            if (options.onError) options.onError(result);
          }
          onDone();
        })
        .catch(function (err) {
          status.textContent = 'Network error';
          buttons.forEach(function (b) {
            b.disabled = false;
            b.style.opacity = '1';
          });
          if (options.onError) options.onError({ status_code: '500', status_message: String((err && err.message) || 'Network error') });
        });
    }
    buttons.push(
      button('Simulate success', '#15803d', function () {
        simulate('success');
      }),
    );
    buttons.push(
      button('Simulate pending', '#b45309', function () {
        simulate('pending');
      }),
    );
    buttons.push(
      button('Simulate failure', '#c81e1e', function () {
        simulate('failure');
      }),
    );
    buttons.push(
      button('Close', '#52606d', function () {
        onDone();
        if (options.onClose) options.onClose();
      }),
    );
    buttons.forEach(function (b) {
      panel.appendChild(b);
    });
    panel.appendChild(status);
    container.appendChild(panel);
  }

  function closeOverlay() {
    if (overlay && overlay.parentNode) overlay.parentNode.removeChild(overlay);
    overlay = null;
  }

  window.snap = {
    embed: function (token, options) {
      var container = document.getElementById(options && options.embedId);
      if (!container) throw new Error('snap.embed: no element with id ' + (options && options.embedId));
      render(container, token, options, function () {});
    },
    pay: function (token, options) {
      closeOverlay();
      overlay = el('div', {
        position: 'fixed',
        inset: '0',
        zIndex: '2147483000',
        background: 'rgba(15, 23, 42, 0.6)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      });
      var box = el('div', { width: 'min(440px, 92vw)' });
      overlay.appendChild(box);
      document.body.appendChild(overlay);
      render(box, token, options, closeOverlay);
    },
    hide: closeOverlay,
    show: function () {},
  };
})();
