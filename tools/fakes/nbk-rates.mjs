// A local fake of the National Bank of Kazakhstan's daily rates feed for tests and screenshots (the portal's driver,
// apps/api/src/modules/duties/nbk-feed.ts, speaks the same): GET /rss/get_rates.cfm?fdate=DD.MM.YYYY answers
// <rates><date/><item><fullname/><title/><description/><quant/><index/><change/></item>…</rates>.
// `setRates(day, { USD: '470.51', … })` gives a day's values (per `quant` units: `{ JPY: ['31.20', 10] }`); days
// without their own answer get `defaults`. `failNext(how)` makes the next answers fail: 'http500', 'garbage' (not XML)
// or 'missing' (no EUR); `failAlways(how)` until `failAlways(null)`. Run alone: `node tools/fakes/nbk-rates.mjs 3258`.
import { createServer } from 'node:http';

const NAMES = { USD: 'ДОЛЛАР США', EUR: 'ЕВРО', RUB: 'РОССИЙСКИЙ РУБЛЬ', CNY: 'КИТАЙСКИЙ ЮАНЬ', KGS: 'КЫРГЫЗСКИЙ СОМ' };

export class FakeNbk {
  constructor() {
    this.url = '';
    this.server = null;
    /** The values every day gets unless set: KZT per quant units. */
    this.defaults = { USD: '470.51', EUR: '512.30', RUB: '5.95', CNY: '65.12', KGS: ['53.80', 10] };
    this.days = new Map();
    this.failures = [];
    this.always = null;
    /** Every request's fdate in order. */
    this.calls = [];
  }

  async start(port = 0) {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${this.server.address().port}/rss/get_rates.cfm`;
    return this.url;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  setRates(day, rates) {
    this.days.set(day, rates);
  }

  failNext(how = 'http500') {
    this.failures.push(how);
  }

  failAlways(how) {
    this.always = how;
  }

  handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== '/rss/get_rates.cfm') return void res.writeHead(404).end();
    const fdate = url.searchParams.get('fdate') ?? '';
    this.calls.push(fdate);
    const how = this.failures.shift() ?? this.always;
    if (how === 'http500') return void res.writeHead(500, { 'content-type': 'text/html' }).end('<html>Internal Server Error</html>');
    if (how === 'garbage') return void res.writeHead(200, { 'content-type': 'text/xml' }).end('<rates><item><title>USD</ti');
    const m = /^(\d\d)\.(\d\d)\.(\d{4})$/.exec(fdate);
    const day = m ? `${m[3]}-${m[2]}-${m[1]}` : '';
    const rates = { ...(this.days.get(day) ?? this.defaults) };
    if (how === 'missing') delete rates.EUR;
    const items = Object.entries(rates)
      .map(([code, v]) => {
        const [value, quant] = Array.isArray(v) ? v : [v, 1];
        return `<item><fullname>${NAMES[code] ?? code}</fullname><title>${code}</title><description>${value}</description><quant>${quant}</quant><index>UP</index><change>+0.10</change></item>`;
      })
      .join('');
    res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
    res.end(
      `<?xml version="1.0" encoding="utf-8"?><rates><generator>fake-nbk</generator><title>Official exchange rates</title><link>https://nationalbank.kz</link><description>Official exchange rates</description><copyright>NBK</copyright><date>${fdate}</date>${items}</rates>`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = new FakeNbk();
  await fake.start(Number(process.argv[2] ?? 0));
  console.log(fake.url);
}
