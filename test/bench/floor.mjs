// The floor: a minimal node:http server that JSON.stringifies a captured answer per request.
// Run in its own process, like the host, so both meet the load generator alike.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const answers = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const text = JSON.stringify(answers[req.url] ?? {});
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
