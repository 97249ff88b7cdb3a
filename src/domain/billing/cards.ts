/**
 * Card number rules that hold for every gateway. The number is only ever held
 * in memory while the gateway tokenizes it: never stored, never logged.
 */
export function luhnValid(number: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let d = number.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return number.length >= 12 && sum % 10 === 0;
}

/** A card is usable through the end of its expiry month (UTC). */
export function isExpired(expMonth: number, expYear: number, now: number): boolean {
  const firstOfNextMonth = Date.UTC(expYear, expMonth, 1);
  return now >= firstOfNextMonth;
}

/** "MM/YY", the Billing record's expiry form. */
export const expiryString = (expMonth: number, expYear: number): string =>
  `${String(expMonth).padStart(2, "0")}/${String(expYear % 100).padStart(2, "0")}`;
