// A bot's use of the generated client, type-checked by `make clients-ts` (tsc --noEmit): read the
// orders a seat may give, pass one to submit unchanged, read the ruling. No casts anywhere: if the
// document's `/legal` items and `SubmitOrder.order` drift apart, or an order's fields are untyped,
// this stops compiling (TS2353 "'unit' does not exist in type '{ type: string; }'" was the symptom).
import { createClient } from "./build/client/client";
import { getLegalOrders, submitOrder } from "./build/client/sdk.gen";
import type { BreakoutPursuitMove, BreakoutPursuitOrder, Ruled } from "./build/client/types.gen";

export async function playOne(baseUrl: string, gameId: string, seatToken: string): Promise<Ruled | undefined> {
  const client = createClient({ baseUrl, auth: seatToken });
  const legal = await getLegalOrders({ client, path: { game_id: gameId } });
  if (legal.data === undefined || legal.data.orders.length === 0) {
    return undefined;
  }
  const listed: BreakoutPursuitOrder = legal.data.orders[0];
  if (listed.type === "move") {
    const move: BreakoutPursuitMove = listed; // narrowed by the discriminator
    console.log(`moving ${move.unit} along ${move.path.join("-")}`);
  }
  const answer = await submitOrder({ client, path: { game_id: gameId }, query: { wait: 10 }, body: { order: listed } });
  if (answer.response.status !== 200 || answer.data === undefined || !("ruling" in answer.data)) {
    return undefined;
  }
  return answer.data;
}

// An order written by hand is checked too: a B&P move names its unit and its path.
export const handWritten: BreakoutPursuitOrder = { type: "move", unit: "A1", path: ["0840", "0841"] };
