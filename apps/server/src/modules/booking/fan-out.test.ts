import { describe, expect, it } from 'vitest';
import { departureGate, type StreamSource } from './fan-out.js';

const source = (supplier: string): StreamSource => ({ accountId: `${supplier}-1`, supplier, name: supplier });
const own = source('travesia');
const hotelbeds = source('hotelbeds');
const juniper = source('juniper');
const chosen = (...sources: (StreamSource | null)[]) => sources.map((s) => ({ source: s }));

/** A `written()` the test resolves by hand, counting how often the gate asked. */
function writes() {
  let release: () => void = () => undefined;
  let asked = 0;
  return {
    written: () => {
      asked++;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    release: () => release(),
    asked: () => asked,
  };
}

describe('departureGate', () => {
  it('starts our own search only once every supplier request is made and written', async () => {
    const w = writes();
    const gate = departureGate(chosen(own, hotelbeds, juniper), w.written);
    const order: string[] = [];
    const ownDone = gate.run(own, async () => {
      order.push('own');
    });
    let departHb: () => void = () => undefined;
    void gate.run(hotelbeds, async (depart) => {
      departHb = depart;
      order.push('hotelbeds request');
      await new Promise<void>(() => undefined); // the supplier has not answered yet
    });
    const jp = gate.run(juniper, async (depart) => {
      order.push('juniper request');
      depart();
    });
    await jp;
    expect(w.asked()).toBe(0); // Hotelbeds has not said its request left
    departHb();
    expect(w.asked()).toBe(1);
    await Promise.resolve();
    expect(order).toEqual(['hotelbeds request', 'juniper request']);
    w.release();
    await ownDone;
    expect(order).toEqual(['hotelbeds request', 'juniper request', 'own']);
  });

  it('is open at once when our own inventory is the only source (or a source is unknown)', async () => {
    const gate = departureGate(chosen(own, null), () => new Promise<void>(() => undefined));
    await expect(gate.run(own, async () => 'own')).resolves.toBe('own');
  });

  it('a supplier that fails before sending its request still lets the gate open', async () => {
    const gate = departureGate(chosen(own, hotelbeds), () => Promise.resolve());
    await expect(
      gate.run(hotelbeds, async () => {
        throw new Error('account refused');
      }),
    ).rejects.toThrow('account refused');
    await expect(gate.run(own, async () => 'own')).resolves.toBe('own');
  });

  it('a supplier that departs and then finishes is counted once', async () => {
    const w = writes();
    const gate = departureGate(chosen(hotelbeds, juniper), w.written);
    await gate.run(hotelbeds, async (depart) => {
      depart();
      depart();
    });
    expect(w.asked()).toBe(0);
    await gate.run(juniper, async () => undefined);
    expect(w.asked()).toBe(1);
  });
});
