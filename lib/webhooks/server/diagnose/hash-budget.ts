/** Keeps a diagnosis bounded: every HMAC is charged its input size. */
export class HashBudget {
  private spent = 0;
  constructor(private readonly limit: number) {}
  /** Charges `bytes`; false once the budget would be exceeded (the caller stops testing). */
  take(bytes: number): boolean {
    if (this.spent + bytes > this.limit) return false;
    this.spent += bytes;
    return true;
  }
}
