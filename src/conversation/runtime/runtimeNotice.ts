import type { RuntimeInfo } from '../../agent-server/runtime';
import { t } from '../../i18n/i18n';
import 'virtual:tether-english/runtime';

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
      return { words: t('runtime.starting'), reprovision: false };
    case 'missing':
      return {
        words: t('runtime.missing'),
        reprovision: true,
      };
    case 'ownership_lost':
      return {
        words: t('runtime.ownershipLost'),
        reprovision: true,
      };
    case 'error': {
      const detail = runtime.error?.message.trim();
      return {
        words: detail
          ? t('runtime.failedBecause', { detail: detail.replace(/\.?$/, '.') })
          : t('runtime.failed'),
        reprovision: true,
      };
    }
  }
}
