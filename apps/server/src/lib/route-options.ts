/**
 * A maker of route options for one kind of route (who may call it, its tags, its error answers):
 * each route then gives its summary, its 200 answer and the request parts it validates
 * (params, querystring, body, and any description or produces).
 */
export function routeOptions<Config, Errors extends object>(config: Config, tags: string[], errors: Errors) {
  return <Reply, Parts extends object = Record<never, never>>(
    summary: string,
    reply: Reply,
    parts?: Parts,
  ) => ({
    config,
    schema: {
      tags,
      summary,
      ...(parts as Parts),
      response: { 200: reply, ...errors },
    },
  });
}
