import { describe, expect, it } from 'vitest';
import { composeServices, defineModule } from './module';

describe('composeServices (decision 081)', () => {
  const first = defineModule({ name: 'first', services: ({ base }: { base: number }) => ({ one: base + 1 }) });
  const second = defineModule({
    name: 'second',
    ports: ({ base }: { base: number }) => ({ port: `port ${base}` }),
    services: ({ one, port }: { one: number; port: string }) => ({ two: `${port}: ${one + 1}` }),
  });

  it('builds the ports first, then each module from what the modules before it gave, and answers the tools with every service', () => {
    const services = composeServices([first, second], { base: 1 }, { tool: true });
    expect(services).toEqual({ tool: true, one: 2, two: 'port 1: 3' });
  });

  it('does not compile with a module listed before what it needs', () => {
    // second needs `one`, which first gives: listed the other way round, the call asks for `listedBeforeWhatItNeeds`.
    // @ts-expect-error -- the order is wrong
    const outOfOrder = () => composeServices([second, first], { base: 1 }, {});
    expect(typeof outOfOrder).toBe('function');
  });

  it('refuses a module that gives a key already built', () => {
    const again = defineModule({ name: 'again', services: () => ({ one: 3 }) });
    expect(() => composeServices([first, again], { base: 1 }, {})).toThrow("Module again gives 'one', which is already built");
    const shadow = defineModule({ name: 'shadow', services: () => ({ base: 0 }) });
    expect(() => composeServices([shadow], { base: 1 }, {})).toThrow("Module shadow gives 'base', which is already built");
  });
});
