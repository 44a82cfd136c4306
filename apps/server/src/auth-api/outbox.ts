// Sign-up mails are sent after the answer, never before it: how long an SMTP server takes must not
// tell a caller whether the address got a mail (an account that exists and is confirmed gets
// none). A failed send is logged; the sign-up itself stands, and signing up again resends the
// link. A bounded number of mails may be on their way; the server waits for them as it closes.
export class MailOutbox {
  private readonly sending = new Set<Promise<void>>()

  constructor(
    private readonly log: { error(obj: object, msg: string): void },
    readonly capacity = 100,
  ) {}

  get full(): boolean {
    return this.sending.size >= this.capacity
  }

  /** Starts sending; `what` names the mail in the log line of a failure. */
  send(what: string, job: () => Promise<void>): void {
    const sent: Promise<void> = job()
      .catch((e: unknown) => this.log.error({ err: e }, `sending the ${what} failed`))
      .finally(() => this.sending.delete(sent))
    this.sending.add(sent)
  }

  /** Resolves when every mail started so far has been sent or has failed. */
  async drain(): Promise<void> {
    while (this.sending.size > 0) await Promise.all([...this.sending])
  }
}
