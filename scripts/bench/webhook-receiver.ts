// A CRM's webhook endpoint for the exchange bench (exchange.ts), in a process of its own as a
// receiver elsewhere would be: in the load generator's process its work delayed the load's own
// responses, and so the latencies measured. Answers 200 to every POST once its body is read;
// `GET /received` answers how many POSTs it has had. Prints `READY <port>`; SIGINT ends it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

let received = 0;
const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/received') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received }));
    return;
  }
  request.resume();
  request.on('end', () => {
    received++;
    response.writeHead(200).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(`READY ${(server.address() as AddressInfo).port}`));
