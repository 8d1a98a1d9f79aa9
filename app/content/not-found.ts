export const notFound = {
  heading: "Oops! Page not found",
  text: "The page you’re looking for doesn’t exist or may have been moved.",
  action: "Return Home",
} as const;
