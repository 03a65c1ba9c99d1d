// The passwords guessing tools try first, at the length Tollgate allows (10+). Checked in the form
// as the user types and again on the server, so it ships in the page: a compact rule set instead of
// a dictionary (zxcvbn's is over a megabyte).

const sequences = [
  "01234567890123456789",
  "98765432109876543210",
  "abcdefghijklmnopqrstuvwxyz",
  "zyxwvutsrqponmlkjihgfedcba",
  "qwertyuiopasdfghjklzxcvbnm",
  "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p",
  "1q2w3e4r5t6y7u8i9o0p",
  "q1w2e3r4t5y6u7i8o9p0",
];

// Words at the top of every leaked-password list, and this product's own name: with digits or
// symbols added they are still among the first guesses.
const commonWords = [
  "password",
  "passw0rd",
  "p@ssword",
  "iloveyou",
  "qwerty",
  "letmein",
  "welcome",
  "admin",
  "administrator",
  "monkey",
  "dragon",
  "football",
  "baseball",
  "sunshine",
  "princess",
  "shadow",
  "master",
  "superman",
  "trustno",
  "starwars",
  "whatever",
  "freedom",
  "changeme",
  "secret",
  "abc123",
  "tollgate",
  "login",
  "hello",
  "charlie",
  "michael",
  "jennifer",
  "computer",
  "internet",
  "1234567890",
];

/** Why a new password is easy to guess, or null if it is not one of the obvious ones. */
export function weakPasswordReason(password: string): string | null {
  const lower = password.toLowerCase();
  if (new Set(lower).size < 4) return "Use more different characters: this one is quickly guessed.";
  if (sequences.some((run) => run.includes(lower)))
    return "Avoid runs of keys or digits such as 1234567890 or qwertyuiop.";
  // The word with what people usually bolt on around it (digits, symbols, a repeat of itself).
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, "");
  if (commonWords.some((word) => core === word || core === word.repeat(2) || lower === word))
    return "This is one of the most common passwords. Choose something less predictable.";
  return null;
}
