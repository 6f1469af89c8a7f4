// Package brassimg draws Brass: Birmingham's pictures from the engine's
// views (engine/brass): the turn picture posted on a hand-off (the whole
// map as a schematic, the markets, the players' table; 800 px wide, every
// number legible once shown 400 px wide), the full board (/tt board
// full:true: the same at 1.5 times, with the points by category, the
// player mats, the markets' price tracks and a legend) and the private
// hand picture. The map is drawn from the edition's data on a hand-made
// schematic grid (geom.go), no artwork: each town a row of its build
// spaces (industry symbol, then the owner's colour and letter, level,
// flipped corner, cubes or barrels), each line a grey line or a link in
// its owner's colour with the owner's letter.
package brassimg
