import { z } from "./zod";

/** The largest value of a `serial` (int4) column; one past it is a query PostgreSQL refuses, not a missing row. */
export const INT4_MAX = 2_147_483_647;

const ID_MESSAGE = "Not a valid id";

/** The id of a row in a `serial` (int4) column, from a path or a form: a whole number the column can hold. */
export const serialId = z.coerce.number({ error: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE).max(INT4_MAX, ID_MESSAGE);

/** The id of a row in a `bigserial` column read as a JS number: a whole number below 2^53. */
export const bigserialId = z.coerce.number({ error: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE).max(Number.MAX_SAFE_INTEGER, ID_MESSAGE);

export const SerialIdParams = z.object({ id: serialId });
export const BigserialIdParams = z.object({ id: bigserialId });
