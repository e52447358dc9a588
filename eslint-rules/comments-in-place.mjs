// A comment says the why in place or names a record in docs/decisions: a reader of this repository can
// open neither an issue tracker's numbers nor the spec documents kept outside it.

const OUTSIDE = [
  { pattern: /\b[Ii]ssues? #?\d+/, what: "an issue number" },
  { pattern: /\b[Ss]pecs? 0?[12]\b/, what: "a spec document outside the repository" },
  { pattern: /\bdecisions\.md\b/, what: "the spec's decisions.md, outside the repository" },
];

/** @type {import("eslint").Rule.RuleModule} */
const commentsInPlace = {
  meta: {
    type: "suggestion",
    docs: { description: "Comments do not send the reader to documents outside the repository." },
    schema: [],
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const found = OUTSIDE.find(({ pattern }) => pattern.test(comment.value));
          if (found)
            context.report({
              loc: comment.loc,
              message: `This comment names ${found.what}: say the why here, or name a record in docs/decisions.`,
            });
        }
      },
    };
  },
};

const house = { rules: { "comments-in-place": commentsInPlace } };
export default house;
