import { errorResponse } from "@/lib/api/mount";
import { AppError } from "@/lib/errors";

function unknownRoute(request: Request) {
  const { pathname } = new URL(request.url);
  return Promise.resolve(errorResponse(new AppError("not_found", `No such route: ${request.method} ${pathname}.`)));
}

export { unknownRoute as GET, unknownRoute as POST, unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as DELETE };
