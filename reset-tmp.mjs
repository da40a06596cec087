import http from 'node:http';
import { Pool } from 'undici';
const server = http.createServer((req, res) => { let n = 0; req.on('data', (c) => (n += c.length)); req.on('end', () => res.end(`${req.headers['content-length']} ${n}`)); });
server.on('clientError', (e, s) => { console.log('clientError', e.code, e.message); s.destroy(); });
await new Promise((r) => server.listen(0, r));
const pool = new Pool(`http://127.0.0.1:${server.address().port}`);
for (const body of ['abc', '\ud800', 'x\udc00y', '😀', JSON.stringify('\ud800')]) {
  try { const r = await pool.request({ method: 'PUT', path: '/', body }); console.log(JSON.stringify(body), await r.body.text()); } catch (e) { console.log(JSON.stringify(body), 'ERR', e.code); }
}
await pool.close(); server.close();
