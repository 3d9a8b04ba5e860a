// A webhook receiver for the tests: verifies each delivery after the Standard Webhooks convention,
// independently of the sender's code (Node's own crypto), and logs what it saw.
//   node receiver.js DIR
// DIR/port        the port it listens on (127.0.0.1), written at start
// DIR/secrets.json {"<path>": "whsec_..."}: the secret per receiving path (read at each request)
// DIR/fail.json   {"<path>": n}: answer 503 to the first n deliveries on that path
// DIR/log.jsonl   one line per delivery: path, id, timestamp, valid, fresh, status, attempt, body
'use strict';
const http = require('http'), crypto = require('crypto'), fs = require('fs'), path = require('path');
const dir = process.argv[2];
const seen = {};

function readJson(name) {
  try { return JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')); } catch (e) { return {}; }
}

function verify(secret, id, ts, body, header) {
  if (!secret || !id || !ts || !header) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = crypto.createHmac('sha256', key).update(`${id}.${ts}.`).update(body).digest();
  return header.split(' ').some((entry) => {
    const [version, sig] = entry.split(',');
    if (version !== 'v1' || !sig) return false;
    const got = Buffer.from(sig, 'base64');
    return got.length === expected.length && crypto.timingSafeEqual(got, expected);
  });
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const id = req.headers['webhook-id'], ts = req.headers['webhook-timestamp'];
    const p = req.url;
    seen[p] = (seen[p] || 0) + 1;
    const fails = readJson('fail.json')[p] || 0;
    const status = seen[p] <= fails ? 503 : 204;
    let parsed = null;
    try { parsed = JSON.parse(body.toString('utf8')); } catch (e) { /* logged as null */ }
    const entry = {
      path: p, method: req.method, id, timestamp: ts, status, attempt: seen[p],
      valid: verify(readJson('secrets.json')[p], id, ts, body, req.headers['webhook-signature']),
      fresh: Math.abs(Date.now() / 1000 - Number(ts)) < 300,
      content_type: req.headers['content-type'] || null, body: parsed,
    };
    fs.appendFileSync(path.join(dir, 'log.jsonl'), JSON.stringify(entry) + '\n');
    res.writeHead(status);
    res.end();
  });
});
server.listen(0, '127.0.0.1', () => {
  fs.writeFileSync(path.join(dir, 'port.tmp'), String(server.address().port));
  fs.renameSync(path.join(dir, 'port.tmp'), path.join(dir, 'port'));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
