// Team colours: one name a team from the server ("orange", "purple", "green"), drawn the same everywhere.
export const TEAM = {
  orange: { fill: "#f08a24", edge: "#9c4f06", tint: "rgba(240, 120, 20, 0.3)", text: "#b45f0c" },
  purple: { fill: "#8e4fc2", edge: "#4f2373", tint: "rgba(100, 40, 215, 0.36)", text: "#7a3fae" },
  green: { fill: "#2f9e5b", edge: "#175c33", tint: "rgba(47, 158, 91, 0.22)", text: "#23824a" },
};

export function teamColour(name) {
  return TEAM[name] || TEAM.orange;
}

export function title(name) {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
