// The baseline for bench/media/run.ts: the least a Node server can do to serve byte ranges of one
// file (parse `bytes=a-b`, fs.createReadStream(start, end), pipe). Run as its own process so it
// gets a core of its own exactly like our server does.
//
//   npx tsx bench/media/bare-server.ts <file> <port>
import fs from 'node:fs'
import http from 'node:http'

const [file, port] = process.argv.slice(2)
if (!file || !port) throw new Error('usage: bare-server.ts <file> <port>')
const size = fs.statSync(file).size

http
  .createServer((req, res) => {
    const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '')
    const start = m ? Number(m[1]) : 0
    const end = m ? Math.min(Number(m[2]), size - 1) : size - 1
    res.writeHead(m ? 206 : 200, {
      'content-type': 'audio/wav',
      'content-length': end - start + 1,
      'accept-ranges': 'bytes',
      ...(m ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    })
    fs.createReadStream(file, { start, end }).pipe(res)
  })
  .listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'))
