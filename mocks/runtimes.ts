// Where each conversation runs, as `runtime_info` reports it: available, unless a test gave it
// a runtime of its own (as on a server with a docker runtime). Reprovisioning such a one starts
// a new runtime, ready after `startMs`.

const AVAILABLE = { runtime_status: 'available', can_resume: true, runtime_error: null };

export class MockRuntimes {
  startMs = 600;
  private readonly byConversation = new Map<string, object>();

  set(conversationId: string, runtime: object | undefined): void {
    if (runtime) this.byConversation.set(conversationId, runtime);
    else this.byConversation.delete(conversationId);
  }

  of(conversationId: string): object {
    return this.byConversation.get(conversationId) ?? AVAILABLE;
  }

  withRuntime<T extends { id: string }>(info: T): T & { runtime_info: object } {
    return { ...info, runtime_info: this.of(info.id) };
  }

  /** A new runtime for the conversation: starting now, available after `startMs`. */
  reprovision(conversationId: string): object {
    if (!this.byConversation.has(conversationId)) return AVAILABLE;
    const starting = { runtime_status: 'starting', can_resume: true, runtime_error: null };
    this.byConversation.set(conversationId, starting);
    setTimeout(() => {
      if (this.byConversation.get(conversationId) === starting) this.byConversation.delete(conversationId);
    }, this.startMs);
    return starting;
  }
}
