import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

// One place extends zod with `.openapi()`, so every schema module imports z from here
// and the OpenAPI document is generated from the very schemas that validate requests.
extendZodWithOpenApi(z);

export { z };
