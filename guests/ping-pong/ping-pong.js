// Agent messaging: the agent called `ping` sends three pings and expects matching pongs; any
// other agent plays pong, announcing itself until ping listens and answering every ping.
import { recv, sendAgent, sleepFor, subscribeAgent, tryRecv, whoami } from 'omw:omw/host';

const messageOf = (envelope) => (envelope.event.tag === 'message' ? envelope.event.val : undefined);

function ping() {
  const fromPong = subscribeAgent('pong');
  while (messageOf(recv()) !== 'ready');
  for (let round = 1; round <= 3; round++) {
    sendAgent('pong', `ping ${round}`);
    let answer;
    do {
      const envelope = recv();
      answer = envelope.id === fromPong ? messageOf(envelope) : undefined;
    } while (answer === undefined || answer === 'ready');
    if (answer !== `pong ${round}`) throw `expected pong ${round}, got ${answer}`;
  }
  return 'got 3 pongs';
}

function pong() {
  subscribeAgent('ping');
  let envelope;
  while (!(envelope = tryRecv())) {
    sendAgent('ping', 'ready');
    sleepFor(5n);
  }
  let answered = 0;
  for (;;) {
    const text = messageOf(envelope);
    if (text?.startsWith('ping ')) {
      sendAgent('ping', text.replace('ping', 'pong'));
      answered++;
    }
    if (answered === 3) return `answered ${answered} pings`;
    envelope = recv();
  }
}

export const runtime = {
  kind() {
    return 'ping-pong';
  },
  run() {
    return whoami() === 'ping' ? ping() : pong();
  },
  check() {},
};
