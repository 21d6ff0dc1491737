import { describe, expect, it } from 'vitest';
import { departureGate, remoteSearch } from './fan-out.js';

describe('departureGate', () => {
  it('opens once every remote source departed and their requests are written, not before', async () => {
    let written: () => void = () => undefined;
    const writes: Promise<void>[] = [];
    const gate = departureGate(2, () => {
      const w = new Promise<void>((resolve) => {
        written = resolve;
      });
      writes.push(w);
      return w;
    });
    let open = false;
    gate.opened.then(() => {
      open = true;
    });
    gate.departed();
    await Promise.resolve();
    expect(writes).toHaveLength(0);
    gate.departed();
    await Promise.resolve();
    expect(writes).toHaveLength(1);
    expect(open).toBe(false);
    written();
    await gate.opened;
    expect(open).toBe(true);
  });

  it('is open at once when there is no remote source', async () => {
    const gate = departureGate(0, () => new Promise<void>(() => undefined));
    await expect(gate.opened).resolves.toBeUndefined();
  });

  it('a remote source that fails before sending still lets the gate open', async () => {
    const gate = departureGate(1, () => Promise.resolve());
    await expect(
      remoteSearch(gate, async () => {
        throw new Error('account refused');
      }),
    ).rejects.toThrow('account refused');
    await expect(gate.opened).resolves.toBeUndefined();
  });

  it('a source that departs and then finishes tells the gate once', async () => {
    let asked = 0;
    const gate = departureGate(2, () => {
      asked++;
      return Promise.resolve();
    });
    await remoteSearch(gate, async (depart) => {
      depart();
      depart();
      return 1;
    });
    expect(asked).toBe(0);
    await remoteSearch(gate, async () => 2);
    expect(asked).toBe(1);
  });
});
