/**
 * The size of Oxigraph's WebAssembly memory, which holds every quad of the store (storeCeiling.ts).
 *
 * Oxigraph's npm module keeps its `WebAssembly.Instance` to itself, so the memory is caught as the
 * module instantiates: this file loads it (with require, which `import 'oxigraph'` then shares:
 * one instance per thread) while `WebAssembly.Instance` notes the memory of what it builds. It
 * must be imported before anything that imports oxigraph. Were the memory not caught (a future
 * Oxigraph instantiating otherwise), the thread's `external` memory stands in: the same within a
 * few MB here (V8 counts a WebAssembly memory there), plus the thread's Buffers.
 */
import { createRequire } from 'node:module';

function catchMemory(): WebAssembly.Memory | null {
  let caught: WebAssembly.Memory | null = null;
  const Instance = WebAssembly.Instance;
  const noting = new Proxy(Instance, {
    construct(target, args: ConstructorParameters<typeof WebAssembly.Instance>, newTarget: NewableFunction) {
      const instance = Reflect.construct(target, args, newTarget) as WebAssembly.Instance;
      const memory = instance.exports['memory'];
      if (memory instanceof WebAssembly.Memory) caught ??= memory;
      return instance;
    },
  });
  Reflect.set(WebAssembly, 'Instance', noting);
  try {
    createRequire(import.meta.url)('oxigraph');
  } finally {
    Reflect.set(WebAssembly, 'Instance', Instance);
  }
  return caught;
}

const memory = catchMemory();

/** Bytes of Oxigraph's WebAssembly memory now (it only grows). */
export function wasmMemoryBytes(): number {
  return memory ? memory.buffer.byteLength : process.memoryUsage().external;
}

/** Whether the memory itself is measured (not the stand-in). */
export const wasmMemoryMeasured = memory !== null;
