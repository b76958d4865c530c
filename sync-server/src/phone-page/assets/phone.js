/* global window, document, location */
// The phone page's script (/p/phone.js): it only enhances. It shares the page (the share sheet) or
// a clip itself (the Web Share API with the file, where the browser can share files; a download
// elsewhere), adds each clip still on its way as it arrives, in its place by its number, and sends
// the optional contact for a copy and a receipt. With JavaScript off the page is a list of players
// and download links.
(function () {
  'use strict';
  var d = document;
  var share = d.getElementById('share');
  if (share && navigator.share) {
    share.hidden = false;
    share.onclick = function () {
      navigator.share({ title: d.title, text: share.dataset.text, url: location.href }).catch(function () {});
    };
  }

  // A clip's Share: the file where the browser can share one, else its download.
  var canShareFiles = Boolean(navigator.canShare && navigator.share && typeof File === 'function');
  function shareClip(button) {
    var item = button.closest('li');
    var link = item.querySelector('a[download]');
    button.disabled = true;
    window
      .fetch(link.href)
      .then(function (res) {
        return res.blob();
      })
      .then(function (blob) {
        var file = new File([blob], button.dataset.name, { type: blob.type || 'video/mp4' });
        if (!navigator.canShare({ files: [file] })) throw new Error('cannot share files');
        return navigator.share({ files: [file], title: d.title });
      })
      .catch(function (err) {
        if (!err || err.name !== 'AbortError') link.click();
      })
      .then(function () {
        button.disabled = false;
      });
  }
  function enable(root) {
    [].forEach.call(root.querySelectorAll('button.share-clip'), function (button) {
      button.hidden = !canShareFiles;
      button.onclick = function () {
        shareClip(button);
      };
    });
  }

  var list = d.getElementById('clips');
  if (list) enable(list);

  var contact = d.getElementById('contact');
  if (contact) {
    contact.addEventListener('submit', function (event) {
      event.preventDefault();
      var out = d.getElementById('contact-message');
      var body = { language: d.documentElement.lang };
      var email = contact.elements.email.value.trim();
      var phone = contact.elements.phone.value.trim();
      if (email) body.email = email;
      if (phone) {
        body.phone = phone;
        body.phoneConsent = contact.elements.phoneConsent.checked;
      }
      window
        .fetch(location.pathname + '/contact', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
        .then(function (res) {
          return res.json();
        })
        .then(function (answer) {
          out.textContent = answer.message;
        })
        .catch(function () {
          out.textContent = contact.dataset.failed;
        });
    });
  }

  if (!list || (list.dataset.status !== 'uploading' && list.dataset.status !== 'waiting')) return;
  function tick() {
    window
      .fetch(location.pathname + '/state', { cache: 'no-store' })
      .then(function (r) {
        return r.json();
      })
      .then(function (st) {
        if (list.dataset.status === 'waiting' && st.status !== 'waiting') {
          location.reload();
          return;
        }
        st.clips.forEach(function (c) {
          if (list.querySelector('[data-n="' + c.n + '"]')) return;
          var t = d.getElementById('clip-template').content.cloneNode(true);
          var item = t.querySelector('li');
          item.dataset.n = c.n;
          t.querySelector('video').src = c.url + '#t=0.1';
          t.querySelector('.title').textContent = c.title;
          t.querySelector('a').href = c.url + '?download=1';
          t.querySelector('button.share-clip').dataset.name = c.title + '.mp4';
          var after = [].find.call(list.children, function (e) {
            return +e.dataset.n > c.n;
          });
          list.insertBefore(t, after || null);
        });
        enable(list);
        var note = d.getElementById('progress');
        if (st.status === 'uploading' || st.status === 'waiting') {
          if (note && st.progress) note.textContent = st.progress;
          // A payment being confirmed is asked after every second; clips on their way every 2 s.
          setTimeout(tick, st.status === 'waiting' ? 1000 : 2000);
        } else {
          list.dataset.status = st.status;
          if (note) note.hidden = true;
        }
      })
      .catch(function () {
        setTimeout(tick, 8000);
      });
  }
  setTimeout(tick, list.dataset.status === 'waiting' ? 1000 : 2000);
})();
