/**
 * The browser half of the Stripe stand-in (docs/decisions/0009-stripe.md): `GET /v3` serves a small
 * implementation of the part of Stripe.js the shop uses, `GET /elements/card` the Card Element's iframe page and
 * `GET /challenge` a 3-D Secure challenge page. As with the real Stripe.js, the card is typed into an iframe of
 * the provider's origin; the shop's page never sees the number, and the iframe posts it to `/v1/payment_methods`
 * with the publishable key. The script and its frames talk by postMessage, each side checking the other's
 * window and origin.
 *
 * Covered: `Stripe(pk, { locale })`, `stripe.elements({ locale })`, `elements.create('card')` → element with
 * `mount(node | selector)`, `on('change' | 'ready' | 'focus' | 'blur', cb)`, `off`, `focus()`, `clear()`,
 * `unmount()`, `destroy()`; `stripe.createPaymentMethod({ type: 'card', card: element })` →
 * `{ paymentMethod } | { error }` (client-side `validation_error` for incomplete fields, else Stripe's API
 * errors); `stripe.handleNextAction({ clientSecret })` → `{ paymentIntent } | { error }` (a challenge dialog
 * with Complete and Fail). Not covered: styles and classes options, other element types, wallets, tokens.
 */

/** Stripe.js: `origin` is the stand-in's own origin (where the frames and the API live). */
export function stripeJsSource(origin: string): string {
  return `(function () {
  'use strict';
  var ORIGIN = ${JSON.stringify(origin)};
  var seq = 0;
  function onFrameMessage(frame, handler) {
    function listener(event) {
      if (event.origin !== ORIGIN || !frame.contentWindow || event.source !== frame.contentWindow) return;
      handler(event.data || {});
    }
    window.addEventListener('message', listener);
    return function () { window.removeEventListener('message', listener); };
  }
  function call(frame, ready, message) {
    return ready.then(function () {
      return new Promise(function (resolve) {
        var id = 'm' + (++seq);
        var stop = onFrameMessage(frame, function (data) {
          if (data.replyTo !== id) return;
          stop();
          resolve(data.result);
        });
        frame.contentWindow.postMessage(Object.assign({ id: id }, message), ORIGIN);
      });
    });
  }
  function integrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  function createCardElement(key, locale) {
    var handlers = {};
    var frame = null;
    var ready = null;
    var stop = null;
    var destroyed = false;
    function emit(type, payload) {
      (handlers[type] || []).slice().forEach(function (cb) {
        cb(Object.assign({ elementType: 'card' }, payload || {}));
      });
    }
    var element = {
      mount: function (target) {
        if (destroyed) throw integrationError('This Element has already been destroyed.');
        if (frame) throw integrationError('This Element is already mounted.');
        var node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node) throw integrationError('The selector you specified (' + target + ') applies to no DOM elements.');
        frame = document.createElement('iframe');
        frame.title = 'Secure card payment input frame';
        frame.setAttribute('frameborder', '0');
        frame.setAttribute('allowtransparency', 'true');
        frame.setAttribute('scrolling', 'no');
        frame.style.cssText = 'border:0;width:100%;height:7.5rem;display:block;overflow:hidden;background:transparent';
        frame.src = ORIGIN + '/elements/card#' + encodeURIComponent(JSON.stringify({ key: key, locale: locale }));
        var markReady;
        ready = new Promise(function (resolve) { markReady = resolve; });
        stop = onFrameMessage(frame, function (data) {
          if (data.type === 'resize') frame.style.height = data.height + 'px';
          if (data.type === 'ready') { markReady(); emit('ready'); }
          if (data.type === 'change' || data.type === 'focus' || data.type === 'blur') emit(data.type, data.event);
        });
        node.appendChild(frame);
      },
      unmount: function () {
        if (stop) stop();
        if (frame && frame.parentNode) frame.parentNode.removeChild(frame);
        frame = null;
        ready = null;
        stop = null;
      },
      destroy: function () {
        element.unmount();
        destroyed = true;
        handlers = {};
      },
      on: function (type, cb) {
        (handlers[type] = handlers[type] || []).push(cb);
        return element;
      },
      off: function (type, cb) {
        handlers[type] = (handlers[type] || []).filter(function (h) { return cb && h !== cb; });
        return element;
      },
      focus: function () { if (frame) call(frame, ready, { type: 'focus' }); },
      clear: function () { if (frame) call(frame, ready, { type: 'clear' }); },
      _call: function (message) {
        if (!frame) {
          return Promise.reject(integrationError('We could not retrieve data from the specified Element. Please make sure the Element you are attempting to use is still mounted.'));
        }
        return call(frame, ready, message);
      },
    };
    return element;
  }

  function challenge(key, clientSecret, locale) {
    return new Promise(function (resolve) {
      var overlay = document.createElement('div');
      overlay.setAttribute('data-stripe-challenge', '');
      overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center';
      var frame = document.createElement('iframe');
      frame.title = locale === 'de' ? '3D-Secure-Authentifizierung' : '3D Secure authentication';
      frame.style.cssText = 'border:0;background:#fff;width:min(24rem,92vw);height:16rem;border-radius:8px';
      frame.src = ORIGIN + '/challenge#' + encodeURIComponent(JSON.stringify({ key: key, clientSecret: clientSecret, locale: locale }));
      var stop = onFrameMessage(frame, function (data) {
        if (data.type !== 'challenge-done') return;
        stop();
        overlay.parentNode.removeChild(overlay);
        resolve();
      });
      overlay.appendChild(frame);
      document.body.appendChild(overlay);
      frame.addEventListener('load', function () { frame.focus(); });
    });
  }

  function retrieveIntent(key, clientSecret) {
    var id = String(clientSecret).split('_secret_')[0];
    var query = new URLSearchParams({ key: key, client_secret: clientSecret });
    return fetch(ORIGIN + '/v1/payment_intents/' + encodeURIComponent(id) + '?' + query).then(function (response) {
      return response.json().then(function (body) {
        return response.ok ? { paymentIntent: body } : { error: body.error };
      });
    });
  }

  function Stripe(key, options) {
    if (typeof key !== 'string' || !key) throw integrationError('Please call Stripe() with your publishable key.');
    var stripeLocale = (options && options.locale) || 'auto';
    return {
      elements: function (elementsOptions) {
        var locale = (elementsOptions && elementsOptions.locale) || stripeLocale;
        if (locale === 'auto') locale = (navigator.language || 'en').slice(0, 2);
        return {
          create: function (type) {
            if (type !== 'card') throw integrationError('This stand-in only has the card Element, not ' + type + '.');
            return createCardElement(key, locale);
          },
        };
      },
      createPaymentMethod: function (params) {
        if (!params || params.type !== 'card' || !params.card || !params.card._call) {
          return Promise.reject(integrationError('createPaymentMethod needs { type: "card", card: cardElement }.'));
        }
        return params.card._call({ type: 'createPaymentMethod', billing_details: params.billing_details || null });
      },
      handleNextAction: function (params) {
        var clientSecret = params && params.clientSecret;
        if (!clientSecret) return Promise.reject(integrationError('handleNextAction needs { clientSecret }.'));
        var locale = stripeLocale === 'auto' ? (navigator.language || 'en').slice(0, 2) : stripeLocale;
        return retrieveIntent(key, clientSecret).then(function (found) {
          if (found.error) return found;
          if (found.paymentIntent.status !== 'requires_action') return found;
          return challenge(key, clientSecret, locale).then(function () { return retrieveIntent(key, clientSecret); });
        }).then(function (found) {
          if (found.error) return found;
          var intent = found.paymentIntent;
          if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
            return { error: Object.assign({ payment_intent: intent }, intent.last_payment_error) };
          }
          return found;
        });
      },
    };
  }
  window.Stripe = Stripe;
})();
`
}

const TEXTS = {
  en: {
    number: 'Card number',
    expiry: 'Expiration date (MM / YY)',
    cvc: 'CVC',
    title: '3D Secure authentication',
    ask: 'Your bank asks you to confirm this payment (stand-in of a 3-D Secure challenge).',
    complete: 'Complete authentication',
    fail: 'Fail authentication',
  },
  de: {
    number: 'Kartennummer',
    expiry: 'Ablaufdatum (MM / JJ)',
    cvc: 'Prüfnummer (CVC)',
    title: '3D-Secure-Authentifizierung',
    ask: 'Ihre Bank bittet Sie, diese Zahlung zu bestätigen (Nachbildung einer 3-D-Secure-Abfrage).',
    complete: 'Authentifizierung abschließen',
    fail: 'Authentifizierung ablehnen',
  },
}

const PAGE_STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.4 system-ui,sans-serif;color:#1a1a1a}
label{display:block;font-size:.875rem;margin-bottom:.25rem}
input{width:100%;font:inherit;padding:.5rem;border:1px solid #767676;border-radius:4px;min-height:2.75rem}
input:focus{outline:2px solid #0b57d0;outline-offset:1px}
.row{display:flex;gap:.75rem;margin-top:.5rem}.row>div{flex:1}
button{font:inherit;min-height:2.75rem;padding:.5rem 1rem;border-radius:4px;border:1px solid #1a1a1a;cursor:pointer}`

/** The Card Element's frame: its key and locale come in the URL fragment; card data leaves only to the API. */
export function cardElementPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card</title><style>${PAGE_STYLE}</style></head>
<body><form id="card" novalidate autocomplete="on">
<div><label for="number" id="number-label"></label><input id="number" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23"></div>
<div class="row"><div><label for="expiry" id="expiry-label"></label><input id="expiry" name="exp-date" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7"></div>
<div><label for="cvc" id="cvc-label"></label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4"></div></div>
</form>
<script>
(function () {
  'use strict';
  var settings = JSON.parse(decodeURIComponent(location.hash.slice(1) || '{}'));
  var texts = ${JSON.stringify(TEXTS)}[settings.locale === 'de' ? 'de' : 'en'];
  document.documentElement.lang = settings.locale === 'de' ? 'de' : 'en';
  document.getElementById('number-label').textContent = texts.number;
  document.getElementById('expiry-label').textContent = texts.expiry;
  document.getElementById('cvc-label').textContent = texts.cvc;
  var number = document.getElementById('number');
  var expiry = document.getElementById('expiry');
  var cvc = document.getElementById('cvc');
  var parentOrigin = '*';
  function post(message) { window.parent.postMessage(message, parentOrigin); }
  function digits(value) { return value.replace(/\\D/g, ''); }
  function parseExpiry() {
    var m = /^\\s*(\\d{1,2})\\s*\\/?\\s*(\\d{2}|\\d{4})\\s*$/.exec(expiry.value);
    return m ? { month: Number(m[1]), year: Number(m[2]) < 100 ? 2000 + Number(m[2]) : Number(m[2]) } : null;
  }
  function incomplete() {
    if (digits(number.value).length < 12) return { code: 'incomplete_number', message: 'Your card number is incomplete.' };
    if (!parseExpiry()) return { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." };
    if (digits(cvc.value).length < 3) return { code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
    return null;
  }
  function change() {
    var empty = !number.value && !expiry.value && !cvc.value;
    post({ type: 'change', event: { empty: empty, complete: !incomplete(), brand: 'unknown', value: {} } });
  }
  [number, expiry, cvc].forEach(function (input) {
    input.addEventListener('input', change);
    input.addEventListener('focus', function () { post({ type: 'focus' }); });
    input.addEventListener('blur', function () { post({ type: 'blur' }); });
  });
  function createPaymentMethod() {
    var missing = incomplete();
    if (missing) return Promise.resolve({ error: Object.assign({ type: 'validation_error' }, missing) });
    var exp = parseExpiry();
    var body = new URLSearchParams({
      type: 'card',
      'card[number]': digits(number.value),
      'card[exp_month]': String(exp.month),
      'card[exp_year]': String(exp.year),
      'card[cvc]': digits(cvc.value),
      key: settings.key,
    });
    return fetch('/v1/payment_methods', { method: 'POST', body: body })
      .then(function (response) {
        return response.json().then(function (json) {
          return response.ok ? { paymentMethod: json } : { error: json.error };
        });
      })
      .catch(function () {
        return { error: { type: 'api_connection_error', message: 'We could not reach Stripe.' } };
      });
  }
  window.addEventListener('message', function (event) {
    if (event.source !== window.parent) return;
    var data = event.data || {};
    parentOrigin = event.origin;
    var reply = function (result) { window.parent.postMessage({ replyTo: data.id, result: result }, event.origin); };
    if (data.type === 'createPaymentMethod') createPaymentMethod().then(reply);
    else if (data.type === 'focus') { number.focus(); reply(null); }
    else if (data.type === 'clear') { number.value = expiry.value = cvc.value = ''; change(); reply(null); }
  });
  post({ type: 'resize', height: document.documentElement.scrollHeight + 4 });
  post({ type: 'ready' });
})();
</script></body></html>`
}

/** A 3-D Secure challenge (the bank's page): Complete or Fail, then the PaymentIntent is settled. */
export function challengePage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3D Secure</title><style>${PAGE_STYLE}
body{padding:1rem}h1{font-size:1.125rem;margin:0 0 .5rem}.row{flex-wrap:wrap}</style></head>
<body><main><h1 id="title"></h1><p id="ask"></p>
<div class="row"><button type="button" id="complete"></button><button type="button" id="fail"></button></div></main>
<script>
(function () {
  'use strict';
  var settings = JSON.parse(decodeURIComponent(location.hash.slice(1) || '{}'));
  var texts = ${JSON.stringify(TEXTS)}[settings.locale === 'de' ? 'de' : 'en'];
  document.documentElement.lang = settings.locale === 'de' ? 'de' : 'en';
  ['title', 'ask', 'complete', 'fail'].forEach(function (id) { document.getElementById(id).textContent = texts[id]; });
  function finish(outcome) {
    var id = String(settings.clientSecret).split('_secret_')[0];
    var body = new URLSearchParams({ key: settings.key, client_secret: settings.clientSecret, outcome: outcome });
    fetch('/v1/payment_intents/' + encodeURIComponent(id) + '/authenticate', { method: 'POST', body: body })
      .catch(function () {})
      .then(function () { window.parent.postMessage({ type: 'challenge-done' }, '*'); });
  }
  document.getElementById('complete').addEventListener('click', function () { finish('succeeded'); });
  document.getElementById('fail').addEventListener('click', function () { finish('failed'); });
  document.getElementById('complete').focus();
})();
</script></body></html>`
}
