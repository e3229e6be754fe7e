// Bytes no browser sends, on real TCP sockets against a real server and Workbench: each gets a
// clear error or close on its own connection, and the server answers the next request.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  OPCODE,
  RawApiSocket,
  RawConnection,
  answersAGoodRequest,
  clientFrame,
  pageRequest,
  rawHttp,
  startWebFixture,
  statusOf,
  textFrame,
  upgradeRequest,
  type WebFixture,
} from './web-fixture.ts';

let web: WebFixture;

describe('web mode server against hostile input', () => {
  before(async () => {
    web = await startWebFixture();
  });
  after(() => web.close());

  describe('HTTP', () => {
    it('answers a target that is not a URL with 400, before authentication', async () => {
      const answer = await rawHttp(web.server.port, pageRequest(web.server, 'http://['));
      assert.equal(statusOf(answer), 400);
      assert.match(answer, /the request target is not a URL/);
      await answersAGoodRequest(web.server);
    });

    it('answers a path that is not valid percent-encoding with 400', async () => {
      const cookie = `Cookie: brainbench_token=${web.server.token}\r\n`;
      const request = pageRequest(web.server, '/%E0%A4%A').replace('\r\n\r\n', `\r\n${cookie}\r\n`);
      const answer = await rawHttp(web.server.port, request);
      assert.equal(statusOf(answer), 400);
      assert.match(answer, /not valid percent-encoding/);
      await answersAGoodRequest(web.server);
    });

    it('refuses a token of the right length in characters but not in bytes', async () => {
      const wide = encodeURIComponent('é'.repeat(web.server.token.length));
      const answer = await rawHttp(web.server.port, pageRequest(web.server, `/?token=${wide}`));
      assert.equal(statusOf(answer), 403);
      await answersAGoodRequest(web.server);
    });
  });

  describe('WebSocket upgrade', () => {
    it('answers an upgrade whose target is not a URL with 400 and closes', async () => {
      const answer = await rawHttp(web.server.port, upgradeRequest(web.server, 'http://['));
      assert.equal(statusOf(answer), 400);
      assert.match(answer, /the request target is not a URL/);
      await answersAGoodRequest(web.server);
    });

    it('survives a client that resets the connection while its upgrade is refused', async () => {
      for (let i = 0; i < 20; i++) {
        const connection = await RawConnection.open(web.server.port);
        connection.write(upgradeRequest(web.server, '/api?token=wrong'));
        connection.socket.resetAndDestroy();
      }
      await answersAGoodRequest(web.server);
    });
  });

  describe('WebSocket frames', () => {
    const protocolErrors: [string, () => Buffer, number][] = [
      ['an unmasked frame', () => clientFrame(OPCODE.text, '{}', { mask: false }), 1002],
      ['an unknown opcode', () => clientFrame(3, '{}'), 1002],
      ['a reserved bit without an extension', () => clientFrame(OPCODE.text, '{}', { rsv: 4 }), 1002],
      ['a continuation with nothing to continue', () => clientFrame(OPCODE.continuation, '{}'), 1002],
      ['text that is not UTF-8', () => clientFrame(OPCODE.text, Buffer.from([0x7b, 0xff, 0xfe, 0x7d])), 1007],
      ['a frame over the size limit', () => clientFrame(OPCODE.text, '', { declaredLength: 65 * 1024 * 1024 }), 1009],
    ];
    for (const [what, frame, code] of protocolErrors) {
      it(`closes the socket with ${code} on ${what}`, async () => {
        const socket = await RawApiSocket.open(web.server);
        socket.send(frame());
        assert.equal((await socket.closeFrame()).code, code);
        await socket.connection.untilClosed();
        await answersAGoodRequest(web.server);
      });
    }

    const unanswerable: [string, Buffer, number, RegExp][] = [
      ['the text null', textFrame('null'), 1008, /integer id/],
      ['a JSON list', textFrame('[1, 2]'), 1008, /integer id/],
      ['a request without an id', textFrame('{"method":"workspace","params":[]}'), 1008, /integer id/],
      ['a request with a string id', textFrame('{"id":"1","method":"workspace","params":[]}'), 1008, /integer id/],
      ['text that is not JSON', textFrame('{"id": 1,'), 1007, /must be JSON/],
      ['a binary message', clientFrame(OPCODE.binary, '{"id":1,"method":"workspace","params":[]}'), 1003, /not binary/],
    ];
    for (const [what, frame, code, reason] of unanswerable) {
      it(`closes the socket with ${code} and a reason on ${what}`, async () => {
        const socket = await RawApiSocket.open(web.server);
        socket.send(frame);
        const close = await socket.closeFrame();
        assert.equal(close.code, code);
        assert.match(close.reason, reason);
        await answersAGoodRequest(web.server);
      });
    }

    it('answers requests with a usable id but a wrong shape with errors, and keeps the socket', async () => {
      const socket = await RawApiSocket.open(web.server);
      socket.send(textFrame('{"id":1}'));
      socket.send(textFrame('{"id":2,"method":"step","params":"a"}'));
      socket.send(textFrame('{"id":3,"method":"inject","params":["a",null]}'));
      socket.send(textFrame('{"id":4,"method":"inject","params":["a",{"kind":"bogus"}]}'));
      socket.send(textFrame('{"id":5,"method":"constructor","params":[]}'));
      socket.send(textFrame('{"id":6,"method":"step","params":["a"]}'));
      assert.deepEqual(await socket.response(1), {
        kind: 'response',
        id: 1,
        ok: false,
        error: 'the request names no method',
      });
      assert.equal((await socket.response(2)).error, 'step takes 1 parameter (agent) as a list, got "a"');
      assert.equal((await socket.response(3)).error, 'inject: event: expected an object, got null');
      assert.match(
        String((await socket.response(4)).error),
        /^inject: event\.kind: expected one of "message", .*got "bogus"$/,
      );
      assert.equal((await socket.response(5)).error, 'unknown method "constructor"');
      assert.deepEqual((await socket.response(6)).result, { kind: 'outcome', outcome: { exited: '42' } });
      socket.destroy();
    });

    it('closes only the socket that sent a bad message', async () => {
      const good = await RawApiSocket.open(web.server);
      const bad = await RawApiSocket.open(web.server);
      bad.send(clientFrame(OPCODE.text, 'null', { mask: false }));
      await bad.closeFrame();
      good.send(textFrame(JSON.stringify({ id: 7, method: 'workspace', params: [] })));
      assert.equal((await good.response(7)).ok, true);
      good.destroy();
    });
  });
});
