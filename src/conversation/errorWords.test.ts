import { describe, expect, it } from 'vitest';
import { modelUnreachable } from './errorWords';

describe('modelUnreachable', () => {
  it('tells a model nothing answered from other failures', () => {
    const detail = 'litellm.InternalServerError: InternalServerError: OpenAIException - Connection error.';
    expect(modelUnreachable('LLMServiceUnavailableError', detail)).toBe(true);
    expect(modelUnreachable('LLMServiceUnavailableError', 'The model is overloaded (503).')).toBe(false);
    expect(modelUnreachable('LLMAuthenticationError', detail)).toBe(false);
    expect(modelUnreachable(undefined, undefined)).toBe(false);
  });
});
