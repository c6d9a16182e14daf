/**
 * A network namespace a test makes for one server process, joined to this one by a veth pair, so
 * that the test can cut that process off from PostgreSQL or Redis silently: packets dropped by
 * nftables inside the namespace, no refusal and no reset, as a failed switch or a security-group
 * change does. Needs root, iproute2 and nftables (`.ci/run` installs nftables). Addresses are in
 * 10.213.x.0/24 on the veth pair only: nothing leaves this machine.
 *
 * nftables rather than `tc`: this machine's kernel has tc's u32 classifier but not its drop
 * action (act_gact) nor netem; nftables' drop verdict is in the kernel's core.
 */
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';

/** Runs a command, throwing with its stderr when it fails. */
function run(command: string, args: string[], input?: string): string {
  const result = spawnSync(command, args, { input, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.error?.message ?? result.stderr}`);
  return result.stdout;
}

const works = (command: string, args: string[]): boolean => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

/** Can this machine make namespaces and drop packets (root, `ip`, `nft`)? */
export function partitionToolsAvailable(): boolean {
  return process.getuid?.() === 0 && works('ip', ['-V']) && works('nft', ['--version']);
}

export interface TNetns {
  /** The namespace's name, for `ip netns exec`. */
  name: string;
  /** This side's address on the veth pair: where the namespace reaches the services. */
  hostIp: string;
  /** The namespace's address: where its server listens. */
  nsIp: string;
  /** The command prefix that runs a program inside the namespace. */
  exec: string[];
  /** Drops every packet between the namespace and these ports of hostIp, both ways, silently. */
  cut(ports: number[]): void;
  /** Lets every packet through again. */
  heal(): void;
  /** Removes the namespace and its veth pair. */
  close(): void;
}

/** Makes a namespace with a veth pair to this one (10.213.<n>.1 here, .2 there). */
export function createNetns(): TNetns {
  const id = randomBytes(3).toString('hex');
  const name = `vbc-part-${id}`;
  const subnet = 1 + (parseInt(id.slice(0, 2), 16) % 250);
  const hostIp = `10.213.${subnet}.1`;
  const nsIp = `10.213.${subnet}.2`;
  const [hostSide, nsSide] = [`vbh${id}`, `vbn${id}`];
  const inside = (command: string, args: string[], input?: string) => run('ip', ['netns', 'exec', name, command, ...args], input);
  run('ip', ['netns', 'add', name]);
  try {
    run('ip', ['link', 'add', hostSide, 'type', 'veth', 'peer', 'name', nsSide]);
    run('ip', ['link', 'set', nsSide, 'netns', name]);
    run('ip', ['addr', 'add', `${hostIp}/24`, 'dev', hostSide]);
    run('ip', ['link', 'set', hostSide, 'up']);
    inside('ip', ['addr', 'add', `${nsIp}/24`, 'dev', nsSide]);
    inside('ip', ['link', 'set', nsSide, 'up']);
    inside('ip', ['link', 'set', 'lo', 'up']);
    inside(
      'nft',
      ['-f', '-'],
      [
        'table inet vbcpart {',
        '  chain output { type filter hook output priority 0; policy accept; }',
        '  chain input { type filter hook input priority 0; policy accept; }',
        '}',
      ].join('\n'),
    );
  } catch (error) {
    spawnSync('ip', ['netns', 'del', name]);
    throw error;
  }
  const heal = () => {
    inside('nft', ['flush', 'chain', 'inet', 'vbcpart', 'output']);
    inside('nft', ['flush', 'chain', 'inet', 'vbcpart', 'input']);
  };
  return {
    name,
    hostIp,
    nsIp,
    exec: ['ip', 'netns', 'exec', name],
    cut(ports) {
      const set = `{ ${ports.join(', ')} }`;
      inside(
        'nft',
        ['-f', '-'],
        [
          `add rule inet vbcpart output ip daddr ${hostIp} tcp dport ${set} drop`,
          `add rule inet vbcpart input ip saddr ${hostIp} tcp sport ${set} drop`,
        ].join('\n'),
      );
    },
    heal,
    close() {
      // Deleting the namespace deletes the veth pair's end inside it, and so the pair.
      spawnSync('ip', ['netns', 'del', name]);
      spawnSync('ip', ['link', 'del', hostSide]);
    },
  };
}
