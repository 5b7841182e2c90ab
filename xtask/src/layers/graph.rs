//! Files and the arrows between them, and the circles they make: each strongly connected
//! group of two or more files, with the names that tie each pair inside it.

use std::collections::{BTreeMap, BTreeSet};

/// A directed graph of files; each arrow carries the names it stands for.
#[derive(Default)]
pub struct Graph {
    arrows: BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
}

/// A group of files that reach each other, and the arrows among them.
#[derive(Debug)]
pub struct Circle {
    /// The files, sorted.
    pub files: Vec<String>,
    /// (from, to, names) for every arrow inside the group.
    pub arrows: Vec<(String, String, Vec<String>)>,
}

impl Graph {
    /// Adds an arrow `from -> to` for `name` (a file pointing at itself is no arrow).
    pub fn arrow(&mut self, from: &str, to: &str, name: &str) {
        if from == to {
            return;
        }
        self.arrows
            .entry(from.to_owned())
            .or_default()
            .entry(to.to_owned())
            .or_default()
            .insert(name.to_owned());
        self.arrows.entry(to.to_owned()).or_default();
    }

    /// How many files it holds.
    pub fn len(&self) -> usize {
        self.arrows.len()
    }

    /// Every circle (Tarjan's strongly connected components, iteratively), in file order.
    pub fn circles(&self) -> Vec<Circle> {
        let names: Vec<&String> = self.arrows.keys().collect();
        let index: BTreeMap<&String, usize> =
            names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
        let next: Vec<Vec<usize>> =
            names.iter().map(|n| self.arrows[*n].keys().map(|t| index[t]).collect()).collect();
        let groups = strongly_connected(&next);
        let mut circles: Vec<Circle> = groups
            .into_iter()
            .filter(|g| g.len() > 1)
            .map(|group| {
                let members: BTreeSet<usize> = group.iter().copied().collect();
                let mut arrows = Vec::new();
                for &from in &members {
                    for (to, labels) in &self.arrows[names[from]] {
                        if members.contains(&index[to]) {
                            arrows.push((
                                names[from].clone(),
                                to.clone(),
                                labels.iter().cloned().collect(),
                            ));
                        }
                    }
                }
                let files = members.iter().map(|&i| names[i].clone()).collect();
                Circle { files, arrows }
            })
            .collect();
        circles.sort_by(|a, b| a.files.cmp(&b.files));
        circles
    }
}

/// The strongly connected components of a graph given as successor lists.
fn strongly_connected(next: &[Vec<usize>]) -> Vec<Vec<usize>> {
    const UNSEEN: usize = usize::MAX;
    let n = next.len();
    let (mut order, mut low) = (vec![UNSEEN; n], vec![0; n]);
    let mut on_stack = vec![false; n];
    let (mut stack, mut groups, mut counter) = (Vec::new(), Vec::new(), 0);
    for start in 0..n {
        if order[start] != UNSEEN {
            continue;
        }
        // (node, index of the next successor to look at)
        let mut work = vec![(start, 0usize)];
        while let Some(&mut (v, ref mut at)) = work.last_mut() {
            if *at == 0 && order[v] == UNSEEN {
                order[v] = counter;
                low[v] = counter;
                counter += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = next[v].get(*at) {
                *at += 1;
                if order[w] == UNSEEN {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(order[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == order[v] {
                let mut group = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    group.push(w);
                    if w == v {
                        break;
                    }
                }
                groups.push(group);
            }
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::Graph;

    #[test]
    fn a_chain_has_no_circle_and_a_loop_is_one() {
        let mut g = Graph::default();
        g.arrow("a", "b", "B");
        g.arrow("b", "c", "C");
        g.arrow("a", "c", "C");
        assert!(g.circles().is_empty());
        g.arrow("c", "a", "A");
        g.arrow("d", "a", "A");
        let circles = g.circles();
        assert_eq!(circles.len(), 1);
        assert_eq!(circles[0].files, ["a", "b", "c"]);
        assert_eq!(circles[0].arrows.len(), 4);
    }

    #[test]
    fn two_separate_pairs_are_two_circles() {
        let mut g = Graph::default();
        for (x, y) in [("a", "b"), ("c", "d")] {
            g.arrow(x, y, "n");
            g.arrow(y, x, "m");
        }
        g.arrow("b", "c", "n");
        let circles = g.circles();
        assert_eq!(circles.len(), 2);
        assert_eq!(circles[1].files, ["c", "d"]);
    }
}
