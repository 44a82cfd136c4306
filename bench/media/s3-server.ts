// The loopback S3 server for bench/media/run.ts: s3rver (the same one the tests use) with one
// bucket, in its own process so that its CPU time can be told apart from the server's.
//
//   npx tsx bench/media/s3-server.ts <directory> <port> <bucket>
import S3rver from 's3rver'

const [directory, port, bucket] = process.argv.slice(2)
if (!directory || !port || !bucket)
  throw new Error('usage: s3-server.ts <directory> <port> <bucket>')
await new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  directory,
  silent: true,
  configureBuckets: [{ name: bucket, configs: [] }],
}).run()
process.stdout.write('ready\n')
