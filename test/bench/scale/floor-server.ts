import http from 'node:http';

/**
 * The floor the scale bench holds the node's read latencies against: node:http, the HTTP stack the
 * node serves with, answering every request with one fixed reply and doing nothing else, in a
 * process of its own as the node is. The parent sends the reply (IPC, base64) and gets the port
 * back; what the node's latency has above this server's, under the same clients, is the node's work.
 */
process.once('message', (reply: string) => {
  const body = Buffer.from(reply, 'base64');
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
      response.end(body);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.on('message', (message) => {
    if (message === 'stop') process.exit(0);
  });
});
