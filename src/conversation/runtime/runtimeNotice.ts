import type { RuntimeInfo } from '../../agent-server/runtime';

// What a person is told about where the conversation runs, when it is not simply available.
// Pure: the words are tested.

export interface RuntimeNotice {
  words: string;
  /** Reprovision can help: the runtime is gone, lost or failed. */
  reprovision: boolean;
}

export function runtimeNotice(runtime: RuntimeInfo | undefined): RuntimeNotice | undefined {
  switch (runtime?.status) {
    case undefined:
    case 'available':
      return undefined;
    case 'starting':
      return { words: 'The conversation’s runtime is starting…', reprovision: false };
    case 'missing':
      return {
        words:
          'The conversation’s runtime is gone: the agent cannot work in it until a new one is provisioned. Its history is kept.',
        reprovision: true,
      };
    case 'ownership_lost':
      return {
        words:
          'The conversation’s runtime was taken over by another agent-server process: this one cannot run the agent until it is provisioned again.',
        reprovision: true,
      };
    case 'error': {
      const detail = runtime.error?.message.trim();
      return {
        words: `The conversation’s runtime failed${detail ? `: ${detail.replace(/\.?$/, '.')}` : '.'}`,
        reprovision: true,
      };
    }
  }
}
