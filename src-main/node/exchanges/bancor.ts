/**
 * java-tron's Bancor exchange math (ExchangeProcessor, ExchangeCapsule.transaction), in IEEE
 * doubles exactly as Java evaluates it: the sold token buys "supply" out of a virtual pool of
 * 10^18, which is sold at once for the other token. Java's `(long) double` truncates toward zero
 * and saturates; JavaScript's Math.pow is checked against StrictMath.pow (ALLOW_STRICT_MATH) by
 * the tests' recorded vectors.
 */
const INITIAL_SUPPLY = 1_000_000_000_000_000_000n;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/** Java's narrowing conversion of a double to long. */
export function javaLong(value: number): bigint {
  if (Number.isNaN(value)) return 0n;
  if (value >= 9.223372036854776e18) return LONG_MAX;
  if (value <= -9.223372036854776e18) return LONG_MIN;
  return BigInt(Math.trunc(value));
}

/** ExchangeProcessor.exchange on a fresh processor: how much of the buy token `sellQuant` gets. */
export function bancorExchange(sellBalance: bigint, buyBalance: bigint, sellQuant: bigint): bigint {
  let supply = INITIAL_SUPPLY;
  // exchangeToSupply
  const newBalance = sellBalance + sellQuant;
  const issued = -Number(supply) * (1.0 - Math.pow(1.0 + Number(sellQuant) / Number(newBalance), 0.0005));
  const relay = javaLong(issued);
  supply += relay;
  // exchangeFromSupply
  supply -= relay;
  const bought = Number(buyBalance) * (Math.pow(1.0 + Number(relay) / Number(supply), 2000.0) - 1.0);
  return javaLong(bought);
}
