/** The port a simulator asked for is held by another program and was named explicitly: the start stops. */
export class PortTakenError extends Error {}

/**
 * Starts an in-process simulator on its port. The default port falls back to any free one when another
 * program holds it (a second checkout running, issue 15); a port named explicitly in `envVar` does not, and
 * the start stops with a message saying so instead of a stack trace.
 */
export async function startOnPort<T>(
  spec: { name: string; envVar: string; explicit: number | undefined; fallback: number },
  start: (port: number) => Promise<T>,
  warn: (port: number) => void,
): Promise<T> {
  try {
    return await start(spec.explicit ?? spec.fallback);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    if (spec.explicit !== undefined) {
      throw new PortTakenError(`${spec.envVar} ${spec.explicit} is in use by another program: free it, or unset it to use any free port`);
    }
    warn(spec.fallback);
    return start(0);
  }
}
